/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Sinhala letters of the tagline font subset, set by build/tagline-font.ts. */
  readonly VITE_TAGLINE_LETTERS: string;
}
