// With its extension: the build's config loads this file too (build/tagline-font.ts).
import { FONT_FAMILY } from './font-family.ts';

// The Sinhala tagline must render on every device, fonts included. The build subsets Noto Sans
// Sinhala to the default tagline's letters and the switch's 'සිංහල' (build/tagline-font.ts): a few kilobytes, preloaded
// by index.html. A tagline configured with other letters uses the whole font (fontsource's face).

/** The family of the subset face the build declares in index.html. */
export const TAGLINE_FONT_FAMILY = 'Academy Tagline';

/** The device's own Sinhala font under the subset's line metrics, declared beside it: drawn until the subset arrives. */
export const TAGLINE_FALLBACK_FAMILY = 'Academy Tagline Fallback';

const SINHALA = /[\u0D80-\u0DFF\u200C\u200D]/u;

/**
 * The distinct Sinhala letters (and joiners) of a text, sorted: what the subset must hold. Two-part
 * vowel signs count with their parts (U+0DDA is drawn as U+0DD9 and U+0DCA), which is how the
 * browser's shaper asks the font for them.
 */
export function sinhalaLetters(text: string): string[] {
  const letters = [...text, ...text.normalize('NFD')].filter((letter) => SINHALA.test(letter));
  return [...new Set(letters)].sort();
}

/**
 * The font stack for a tagline: the subset when it holds every Sinhala letter of the tagline
 * (mixing two faces inside one word would break how Sinhala letters join), else the whole font.
 */
export function taglineFontStack(tagline: string, subsetLetters: readonly string[]): string {
  const covered = sinhalaLetters(tagline).every((letter) => subsetLetters.includes(letter));
  // The subset holds Sinhala letters only: the dots and spaces of a tagline fall to the system's
  // fonts before the whole Noto face, which would otherwise be downloaded for them alone.
  return covered ? `"${TAGLINE_FONT_FAMILY}", "${TAGLINE_FALLBACK_FAMILY}", ${FONT_FAMILY}` : '"Noto Sans Sinhala", sans-serif';
}
