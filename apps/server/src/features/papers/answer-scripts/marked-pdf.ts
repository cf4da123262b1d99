// The marked script as one PDF (answer-scripts.md 'The marked PDF'): each page's pens, ticks and
// crosses flattened onto it by sharp (SVG composited onto the WebP) and embedded as a JPEG into an
// A4-wide PDF page by pdf-lib; its text marks, and on the first page the box of marks per question,
// the total and the marker's comment, written over it as PDF text in an embedded Sinhala font
// (pdf-text.ts). Made per request, a page at a time, never stored; pdf-lib and sharp are loaded
// with the first one, not at the server's start.
import { readFile } from 'node:fs/promises';
import type { Annotation } from '@academy/contract';
import type { PDFPage } from 'pdf-lib';
import type { Db } from '../../../db/database';
import { loadPdfLib } from '../../../lib/pdf-lib';
import { ANNOTATION_COLOURS, pageOverlaySvg } from './annotation-svg';
import { pageFile } from './page-store';
import { drawLine, embedMarkFonts, lineWidth, pdfColour, type MarkFonts } from './pdf-text';
import * as repo from './script-repo';
import { annotationsOf } from './script-service';
import { writtenMaxMarks } from './written-access';

/** A4's width in PDF points: each page keeps its photo's shape at that width. */
const PAGE_WIDTH_PT = 595;
const JPEG_QUALITY = 82;
/** The box of marks: its text size and width in points, at the first page's top right. */
const BOX_TEXT_PT = 11;
const BOX_WIDTH_PT = 220;
const BOX_MARGIN_PT = 14;

async function flattenedPage(file: string, size: { width: number; height: number }, shapes: readonly Annotation[]): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // Read as bytes: libvips caches what it opened by file name, and a page's file is replaced when it is turned.
  return sharp(await readFile(file))
    .composite([{ input: pageOverlaySvg(size, shapes), top: 0, left: 0 }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/** The box's lines: one a question, the total, then the comment cut into lines that fit. */
async function marksBoxLines(db: Db, written: repo.WrittenPartRows, script: repo.ScriptRow, fonts: MarkFonts): Promise<string[]> {
  const given = new Map((await repo.marksOf(db, [script.id])).map((row) => [row.question_id, row.marks]));
  const lines = written.questions.map((question) => `${question.label}: ${given.get(question.id) ?? '–'} / ${question.max_marks}`);
  lines.push(`Total: ${script.written_marks ?? 0} / ${writtenMaxMarks(written.questions)}`);
  if (script.comment.trim()) lines.push('', ...wrapped(script.comment, BOX_WIDTH_PT - BOX_TEXT_PT, fonts));
  return lines;
}

/** Text cut at spaces into lines at most `width` points wide (a word longer than that keeps a line of its own). */
function wrapped(text: string, width: number, fonts: MarkFonts): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const longer = line ? `${line} ${word}` : word;
      if (line && lineWidth(longer, BOX_TEXT_PT, fonts) > width) {
        lines.push(line);
        line = word;
      } else line = longer;
    }
    lines.push(line);
  }
  return lines;
}

async function drawMarksBox(page: PDFPage, lines: readonly string[], fonts: MarkFonts): Promise<void> {
  const red = await pdfColour(ANNOTATION_COLOURS.red);
  const { rgb } = await loadPdfLib();
  const lineHeight = BOX_TEXT_PT * 1.4;
  const height = lineHeight * lines.length + BOX_TEXT_PT;
  const left = page.getWidth() - BOX_WIDTH_PT - BOX_MARGIN_PT;
  const top = page.getHeight() - BOX_MARGIN_PT;
  page.drawRectangle({ x: left, y: top - height, width: BOX_WIDTH_PT, height, color: rgb(1, 1, 1), opacity: 0.88, borderColor: red, borderWidth: 1 });
  lines.forEach((line, index) => {
    if (line) drawLine(page, line, { x: left + BOX_TEXT_PT / 2, y: top - BOX_TEXT_PT / 2 - (index + 1) * lineHeight + BOX_TEXT_PT * 0.3, size: BOX_TEXT_PT, color: red }, fonts);
  });
}

/** A page's text marks: (x, y) is a text's top left in the page's pixels, as the marking screen draws it. */
async function drawTextMarks(page: PDFPage, shapes: readonly Annotation[], pixelWidth: number, fonts: MarkFonts): Promise<void> {
  const scale = page.getWidth() / pixelWidth;
  for (const shape of shapes) {
    if (shape.kind !== 'text') continue;
    const size = shape.size * scale;
    // The baseline sits about 0.8 of the size below the top, as the screen's hanging baseline.
    drawLine(page, shape.text, { x: shape.x * scale, y: page.getHeight() - shape.y * scale - size * 0.8, size, color: await pdfColour(ANNOTATION_COLOURS[shape.color]) }, fonts);
  }
}

export async function markedScriptPdf(db: Db, pagesDir: string, written: repo.WrittenPartRows, script: repo.ScriptRow, title: string): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Academy');
  pdf.setCreator('Academy');
  const fonts = await embedMarkFonts(pdf);
  const boxLines = await marksBoxLines(db, written, script, fonts);
  const pages = await repo.scriptPages(db, script.id);
  for (const [index, page] of pages.entries()) {
    const shapes = annotationsOf(page);
    const image = await pdf.embedJpg(await flattenedPage(pageFile(pagesDir, page.id), page, shapes));
    const height = (PAGE_WIDTH_PT * page.height) / page.width;
    const pdfPage = pdf.addPage([PAGE_WIDTH_PT, height]);
    pdfPage.drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH_PT, height });
    await drawTextMarks(pdfPage, shapes, page.width, fonts);
    if (index === 0) await drawMarksBox(pdfPage, boxLines, fonts);
  }
  return Buffer.from(await pdf.save());
}
