// The marked script as one PDF (answer-scripts.md 'The marked PDF'): each page with its
// annotations flattened onto it by sharp (SVG composited onto the WebP), the first page also with
// the marks per question and the total, each embedded as a JPEG into an A4-wide PDF page by
// pdf-lib. Made per request, a page at a time, never stored; pdf-lib and sharp are loaded with the
// first one, not at the server's start.
import { readFile } from 'node:fs/promises';
import type { Annotation } from '@academy/contract';
import type { Db } from '../../../db/database';
import { loadPdfLib } from '../../../lib/pdf-lib';
import { pageOverlaySvg, type MarksBox } from './annotation-svg';
import { pageFile } from './page-store';
import * as repo from './script-repo';
import { annotationsOf } from './script-service';
import { writtenMaxMarks } from './written-access';

/** A4's width in PDF points: each page keeps its photo's shape at that width. */
const PAGE_WIDTH_PT = 595;
const JPEG_QUALITY = 82;

async function flattenedPage(file: string, size: { width: number; height: number }, shapes: readonly Annotation[], box?: MarksBox): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  // Read as bytes: libvips caches what it opened by file name, and a page's file is replaced when it is turned.
  return sharp(await readFile(file))
    .composite([{ input: pageOverlaySvg(size, shapes, box), top: 0, left: 0 }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

async function marksBoxOf(db: Db, written: repo.WrittenPartRows, script: repo.ScriptRow): Promise<MarksBox> {
  const given = new Map((await repo.marksOf(db, [script.id])).map((row) => [row.question_id, row.marks]));
  const lines = written.questions.map((question) => `${question.label}: ${given.get(question.id) ?? '–'} / ${question.max_marks}`);
  lines.push(`Total: ${script.written_marks ?? 0} / ${writtenMaxMarks(written.questions)}`);
  return { lines };
}

export async function markedScriptPdf(db: Db, pagesDir: string, written: repo.WrittenPartRows, script: repo.ScriptRow, title: string): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Academy');
  pdf.setCreator('Academy');
  const box = await marksBoxOf(db, written, script);
  const pages = await repo.scriptPages(db, script.id);
  for (const [index, page] of pages.entries()) {
    const jpeg = await flattenedPage(pageFile(pagesDir, page.id), page, annotationsOf(page), index === 0 ? box : undefined);
    const image = await pdf.embedJpg(jpeg);
    const height = (PAGE_WIDTH_PT * page.height) / page.width;
    pdf.addPage([PAGE_WIDTH_PT, height]).drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH_PT, height });
  }
  return Buffer.from(await pdf.save());
}
