// Text in the marked PDF (answer-scripts.md 'Text drawn by the server'): a marker's text marks and
// the box of marks are PDF text in an embedded Noto Sans Sinhala, not pixels, so Sinhala shows on
// any server (no system font needed), stays sharp at any zoom and can be searched and copied.
// The font comes from @fontsource/noto-sans-sinhala (the web app's own font), which splits it by
// script: the Sinhala file and the Latin file are embedded each as a subset of the glyphs used,
// and a line is drawn as runs, each in the file that has its characters.
//
// Shaping is fontkit's (through pdf-lib): its Universal Shaping Engine lays Sinhala out as HarfBuzz
// does (conjuncts with ZWJ, pre-base vowels, rakaransaya, yansaya; compared glyph for glyph with
// Chromium's), except the two split vowels that carry an al-lakuna (ේ, ෝ): Sinhala is not a USE
// script, its syllable machine leaves them out of any syllable and the layout fails (or draws a
// dotted circle). Those two are laid out here from pieces fontkit gets right. Each line also
// carries its typed text (/ActualText), which copying and searching read in Acrobat and poppler;
// PDF.js (Firefox) reads the glyphs' own characters, so a vowel sign drawn before its consonant
// comes out before it there. Its layout
// also needs a global `regeneratorRuntime` its build left out (Sinhala's syllable machine is a
// generator), given here before fontkit runs.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, PDFName, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib } from '../../../lib/pdf-lib';

const KOMBUVA = 0x0dd9;
const AL_LAKUNA = 0x0dca;
const ZWJ = 0x200d;
/** The weight the marking screen draws its text marks in. */
const FONT_FILES = {
  sinhala: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-600-normal.woff',
  latin: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-latin-600-normal.woff',
} as const;

type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;

export interface MarkFonts {
  lib: PdfLib;
  sinhala: PDFFont;
  latin: PDFFont;
  /** The code points the Sinhala file has; anything else is drawn from the Latin file. */
  sinhalaChars: ReadonlySet<number>;
}

interface LaidOut {
  glyphs: { id: number }[];
  positions: unknown[];
}
interface FontkitFont {
  numGlyphs: number;
  layout(text: string, features?: unknown): LaidOut;
  glyphForCodePoint(codePoint: number): { id: number };
  getGlyph(id: number, codePoints?: number[]): { id: number; name: string };
}
interface Fontkit {
  create(bytes: Uint8Array): FontkitFont;
}

/** The consonant cluster that ends `text` (consonants joined by al-lakuna and ZWJ): what a vowel sign after it belongs to. */
function clusterStart(text: string): number {
  let start = text.length;
  while (start > 0) {
    const code = text.charCodeAt(start - 1);
    const joins = (code === AL_LAKUNA || code === ZWJ) && start - 1 > 0;
    if (!isConsonant(code) && !joins) break;
    start -= 1;
  }
  // A cluster starts with a consonant, never a joiner.
  while (start < text.length && !isConsonant(text.charCodeAt(start))) start += 1;
  return start;
}

function isConsonant(code: number): boolean {
  return code >= 0x0d9a && code <= 0x0dc6;
}

/**
 * fontkit whose Sinhala font lays a split vowel with an al-lakuna out as HarfBuzz does, from pieces
 * fontkit gets right: C + ේ is the kombuva then C + al-lakuna; C + ෝ is the kombuva, C, and the
 * aela-pilla with al-lakuna. Anything else is fontkit's own layout (see the top of the file).
 */
async function shapingFontkit(): Promise<Fontkit> {
  const loaded = (await import('@pdf-lib/fontkit')) as unknown as { default?: Fontkit } & Fontkit;
  const fontkit = loaded.default ?? loaded;
  return {
    create(bytes) {
      const font = fontkit.create(bytes);
      const kombuva = font.glyphForCodePoint(KOMBUVA);
      // A font without Sinhala (the Latin file) lays out as it is.
      if (kombuva.id === 0) return font;
      const layout = font.layout.bind(font);
      // Looked up in a copy of the font: a glyph fetched by id is cached without its characters, and
      // the shaper reads a cached glyph's characters, so a scan of this font would spoil its shaping.
      const aelaPillaId = glyphIdNamed(fontkit.create(bytes), 'oovowelsignaltsinh');
      const aelaPillaLakuna = aelaPillaId === undefined ? null : font.getGlyph(aelaPillaId, [0x0dcf, AL_LAKUNA]);
      const laidOut = (text: string, features: unknown): LaidOut => {
        const split = /[\u0dda\u0ddd]/u.exec(text);
        if (!split) return layout(text, features);
        const before = text.slice(0, split.index);
        const cluster = clusterStart(before);
        const head = laidOut(before.slice(0, cluster), features);
        const consonants = before.slice(cluster);
        const syllable =
          split[0] === '\u0dda' || !aelaPillaLakuna
            ? layout(`${consonants}\u0dca`, features)
            : { glyphs: [...layout(consonants, features).glyphs, aelaPillaLakuna], positions: [] };
        const tail = laidOut(text.slice(split.index + 1), features);
        return { glyphs: [...head.glyphs, ...(consonants ? [kombuva] : []), ...syllable.glyphs, ...tail.glyphs], positions: [] };
      };
      font.layout = (text, features) => {
        try {
          return laidOut(text, features);
        } catch {
          // Text fontkit cannot shape at all (a lone vowel sign it trips on): each character's own glyph, never a failed PDF.
          return { glyphs: Array.from(text, (char) => font.glyphForCodePoint(char.codePointAt(0) ?? 0)), positions: [] };
        }
      };
      return font;
    },
  };
}

/** A glyph's id by its PostScript name (one without a character of its own, made by the font's ligatures). */
function glyphIdNamed(font: FontkitFont, name: string): number | undefined {
  for (let id = 0; id < font.numGlyphs; id += 1) if (font.getGlyph(id).name === name) return id;
  return undefined;
}

const requireHere = createRequire(import.meta.url);

/** Embeds the two font files into `pdf` (subsets: only the glyphs drawn end up in the file). */
export async function embedMarkFonts(pdf: PDFDocument): Promise<MarkFonts> {
  // Ours is fontkit's own font with one method wrapped: pdf-lib's type spells out all of fontkit's.
  pdf.registerFontkit((await shapingFontkit()) as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const [sinhala, latin] = await Promise.all(
    [FONT_FILES.sinhala, FONT_FILES.latin].map(async (file) => pdf.embedFont(await readFile(requireHere.resolve(file)), { subset: true })),
  );
  if (!sinhala || !latin) throw new Error('the marks fonts were not embedded');
  return { lib: await loadPdfLib(), sinhala, latin, sinhalaChars: new Set(sinhala.getCharacterSet()) };
}

/** The line cut into runs of one font each: Sinhala (with its joiners) and everything else. */
export function fontRuns(text: string, fonts: MarkFonts): { text: string; font: PDFFont }[] {
  const runs: { text: string; font: PDFFont }[] = [];
  for (const char of text) {
    const font = fonts.sinhalaChars.has(char.codePointAt(0) ?? 0) ? fonts.sinhala : fonts.latin;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

export function lineWidth(text: string, size: number, fonts: MarkFonts): number {
  return fontRuns(text, fonts).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
}

/**
 * One line of text with its baseline's left end at (x, y), in PDF points, marked with its text as
 * typed (/ActualText): a PDF maps each glyph back to characters, and a Sinhala vowel sign drawn
 * before its consonant (කො) would otherwise copy out in drawn order, not typed order.
 */
export function drawLine(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: RGB }, fonts: MarkFonts): void {
  const { PDFOperator, PDFOperatorNames, PDFName, PDFHexString } = fonts.lib;
  // A property list is a dictionary: PDFOperator writes it as any object, though its type leaves dictionaries out.
  const actual = page.doc.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName;
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actual]));
  let x = at.x;
  for (const run of fontRuns(text, fonts)) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    x += run.font.widthOfTextAtSize(run.text, at.size);
  }
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}

/** pdf-lib's colour of a hex colour (#rrggbb). */
export async function pdfColour(hex: string): Promise<RGB> {
  const { rgb } = await loadPdfLib();
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16) / 255;
  return rgb(channel(1), channel(3), channel(5));
}
