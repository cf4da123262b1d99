import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { DEFAULT_BRANDING } from '../../../packages/contract/src/branding.ts';
import { LANGUAGE_NAMES } from '../src/i18n/languages.ts';
import { sinhalaLetters, TAGLINE_FALLBACK_FAMILY, TAGLINE_FONT_FAMILY } from '../src/lib/tagline-font.ts';
import { verticalMetrics, type VerticalMetrics } from './font-metrics.ts';

const FONT = '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2';
/** The same face as WOFF 1.0, whose tables are plain to read: its line metrics. */
const FONT_WOFF = '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff';

/**
 * Sinhala fonts a device may have, tried for the tagline while the subset downloads: Android's
 * Noto, Windows' Iskoola Pota and Nirmala UI, Apple's Sinhala Sangam MN.
 */
const LOCAL_SINHALA_FONTS = ['Noto Sans Sinhala', 'Iskoola Pota', 'Nirmala UI', 'Sinhala Sangam MN'];

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** The subset's line metrics as CSS overrides: a face carrying them lays a line out as the subset does. */
function metricOverrides(metrics: VerticalMetrics): string {
  return `ascent-override:${percent(metrics.ascent)};descent-override:${percent(metrics.descent)};line-gap-override:${percent(metrics.lineGap)}`;
}

/** The code points as a CSS unicode-range: the face is used for these letters only. */
function unicodeRange(letters: string[]): string {
  return letters.map((letter) => `U+${(letter.codePointAt(0) ?? 0).toString(16).toUpperCase()}`).join(', ');
}

/**
 * Subsets Noto Sans Sinhala to the letters of the default tagline and of the language switch's
 * 'සිංහල' (both on the login page before any Sinhala font is fetched), emits it as a hashed asset, and puts
 * its @font-face and a preload into index.html, so the tagline is drawn in its font from the first
 * paint on a device without Sinhala fonts, for a few kilobytes. A second face, the device's own
 * Sinhala font under the subset's line metrics, draws it until the subset has arrived. The letters are handed to the app
 * as `import.meta.env.VITE_TAGLINE_LETTERS`, which picks this face only when it covers the tagline.
 */
export function taglineFont(): Plugin {
  const letters = sinhalaLetters(DEFAULT_BRANDING.tagline + LANGUAGE_NAMES.si);
  let fileName = '';
  return {
    name: 'academy-tagline-font',
    config: () => ({ define: { 'import.meta.env.VITE_TAGLINE_LETTERS': JSON.stringify(letters.join('')) } }),
    async generateBundle() {
      const font = await readFile(createRequire(import.meta.url).resolve(FONT));
      const subset = await subsetFont(font, letters.join(''), { targetFormat: 'woff2' });
      const reference = this.emitFile({ type: 'asset', name: 'tagline.woff2', source: subset });
      fileName = this.getFileName(reference);
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (_html, context) => {
        // In development there is no bundle: the tagline uses the whole font, as a custom one would.
        if (!context.bundle || !fileName) return [];
        const href = `/${fileName}`;
        const overrides = metricOverrides(verticalMetrics(await readFile(createRequire(import.meta.url).resolve(FONT_WOFF))));
        const range = unicodeRange(letters);
        // The subset, and before it arrives a Sinhala font of the device's under the subset's line
        // metrics: the swap then changes the letters' shapes, never the line's height.
        const face =
          `@font-face{font-family:"${TAGLINE_FONT_FAMILY}";font-style:normal;font-weight:400;font-display:swap;` +
          `src:url(${href}) format("woff2");unicode-range:${range};${overrides}}` +
          `@font-face{font-family:"${TAGLINE_FALLBACK_FAMILY}";src:${LOCAL_SINHALA_FONTS.map((name) => `local("${name}")`).join(',')};` +
          `unicode-range:${range};${overrides}}`;
        return [
          { tag: 'link', attrs: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
          { tag: 'style', children: face, injectTo: 'head' },
        ];
      },
    },
  };
}
