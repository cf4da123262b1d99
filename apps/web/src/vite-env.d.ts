/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Sinhala letters of the tagline font subset, set by build/tagline-font.ts. */
  readonly VITE_TAGLINE_LETTERS: string;
}

// hls.js ships its light build (no DRM, subtitles or alternate audio) without a declaration of its
// own; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
