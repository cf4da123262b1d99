// Marking and returning written answers (answer-scripts.md 'Marking', 'Release', 'The marked
// PDF'): the queue and its markers, annotations on the page, marks bounded by each question's
// maximum, every admin action audited; release waits for the upload time and the marking, then
// joins the written marks into the totals and ranks; the student then reads their pages marked and
// downloads them as one PDF whose pages carry the marks. A student never reads another's script,
// nor their own marks before release.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_SCRIPTS_TEXT,
  type AnnotationBody,
  type ErrorAnswer,
  type MarkingScriptAnswer,
  type MyScriptAnswer,
  type ResultAnswer,
  type ScriptHandInAnswer,
  type ScriptsAnswer,
  type WrittenStatisticsAnswer,
} from '@academy/contract';
import { useTestApp } from '../../../../test/test-app';
import { oneEntryBy, signInAdmin, type Admin } from '../../audit-log/test-helpers';
import { closingIn, getResults, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from '../results-test-helpers';
import { addStudent, createPaper, paperClass, type Headers } from '../test-helpers';
import { handInRequest, marksRequest, pagePhoto, putWritten, uploadPage } from './script-test-helpers';

const MINUTE_MS = 60_000;
/** A text mark and a comment in Sinhala: "Good, explain more" and "Well argued." (pre-base vowels, a conjunct with ZWJ). */
const SINHALA_MARK = 'හොඳයි, තව පැහැදිලි කරන්න';
const COMMENT = 'Well argued. ශ්‍රී ලංකාවේ ඉතිහාසය හොඳින් ලියා ඇත.';

/** The text PDF.js reads from each page of a PDF (the glyphs' own characters, in drawn order). */
async function pdfTexts(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const content = await (await doc.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return texts;
}

/** Every /ActualText a PDF's pages carry: the text as typed, which copying and searching read. */
function actualTexts(pdf: PDFDocument): string[] {
  const found: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of operators.matchAll(/\/ActualText <([0-9A-F]+)>/g)) found.push(PDFHexString.of(match[1] ?? '').decodeText());
    }
  }
  return found;
}

/** The pixels of an image that are clearly the markers' red. */
async function redPixels(image: Buffer, size: { width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(image).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    const [r, g, b] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    if (r > 150 && g < 110 && b < 110) red += 1;
  }
  return red;
}

/** The JPEG of each page of a PDF pdf-lib made (one image a page), in page order. */
function pageImages(pdf: PDFDocument): Buffer[] {
  const images: Buffer[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.push(Buffer.from(object.contents));
  }
  return images;
}

describe('marking and returning answer scripts', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
  const ok = async <T extends { data: unknown }>(response: Awaited<ReturnType<typeof get>>): Promise<T['data']> => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>().data;
  };

  async function handInPages(student: Headers, paperId: string, count: number) {
    const pages = [];
    for (let n = 0; n < count; n += 1) pages.push(await uploadPage(t.app, student, paperId, await pagePhoto(1000, 1400)));
    return ok<ScriptHandInAnswer>(await handInRequest(t.app, student, paperId, { pages: pages.map((page) => ({ id: page.id })) }));
  }

  it('marks on the page with marks bounded by each maximum, releases into totals and ranks, and returns the marked script as one PDF', async () => {
    const admin: Admin = await signInAdmin(t.app);
    const { folder, classFolder, student } = await paperClass(t.app, { name: 'Nimal Perera' });
    const other = await addStudent(t.app, { admin: admin.headers, classFolder }, { name: 'Kamala Silva' });
    const paper = await createPaper(t.app, admin.headers, folder.id, closingIn(120, clock.now()), clock.now());
    const setWritten = await oneEntryBy(t.app, admin, async () => expect((await putWritten(t.app, admin.headers, paper.id)).statusCode).toBe(200));
    expect(setWritten).toMatchObject({ action: 'paper.written', target: { type: 'paper', id: paper.id }, detail: { before: null, after: { maxMarks: 25, graceMinutes: 15 } } });
    const base = `/api/papers/${paper.id}`;
    // Nimal: 1 MCQ mark of 4; Kamala: all 4. Nimal's written part will lift him above her.
    await sit(t.app, admin.headers, student.headers, paper.id, ['right', 'wrong', 'none']);
    await sit(t.app, admin.headers, other.headers, paper.id, ['right', 'right', 'right']);
    const nimal = await handInPages(student.headers, paper.id, 2);
    await handInPages(other.headers, paper.id, 1);
    const [nimalFirst, nimalSecond] = nimal.pages;
    if (!nimalFirst || !nimalSecond) throw new Error('two pages were handed in');

    // Nobody reads another's page, before release or after; nor marks before release.
    expect((await get(other.headers, `${base}/pages/${nimalFirst.id}`)).statusCode).toBe(404);
    expect((await get(student.headers, `${base}/pages/${nimalFirst.id}`)).statusCode).toBe(200);
    expect((await get(student.headers, `${base}/scripts`)).statusCode).toBe(403);
    expect((await get(student.headers, `${base}/script/marked.pdf`)).statusCode).toBe(409);

    // The queue, assigning to a marker, filtering by marker.
    const queue = await ok<ScriptsAnswer>(await get(admin.headers, `${base}/scripts`));
    expect(queue.counts).toEqual({ toDo: 2, inProgress: 0, marked: 0, notHandedIn: 0 });
    expect(queue.markers.map((marker) => marker.id)).toContain(admin.login.studentId);
    const nimalScript = queue.rows.find((row) => row.student.studentId === student.student._id)?.scriptId ?? '';
    const kamalaScript = queue.rows.find((row) => row.student.studentId === other.student._id)?.scriptId ?? '';
    const assigned = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: `${base}/scripts/assign`, headers: admin.headers, payload: { scriptIds: [nimalScript], markerId: admin.login.studentId } });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(assigned).toMatchObject({ action: 'paper.script-assign', detail: { scriptIds: [nimalScript], markerId: admin.login.studentId } });
    const notAdmin = await t.app.inject({ method: 'POST', url: `${base}/scripts/assign`, headers: admin.headers, payload: { scriptIds: [nimalScript], markerId: student.student._id } });
    expect(notAdmin.statusCode).toBe(400);
    expect((await ok<ScriptsAnswer>(await get(admin.headers, `${base}/scripts?marker=${admin.login.studentId}`))).rows.map((row) => row.scriptId)).toEqual([nimalScript]);
    expect((await ok<ScriptsAnswer>(await get(admin.headers, `${base}/scripts?marker=none`))).rows.map((row) => row.scriptId)).toEqual([kamalaScript]);

    // Annotations on the first page: a tick, a cross, a pen stroke and a comment in the margin.
    const shapes: AnnotationBody[] = [
      { kind: 'tick', x: 300, y: 300, size: 160 },
      { kind: 'cross', x: 700, y: 900, size: 160 },
      { kind: 'pen', points: [100, 1100, 500, 1150, 900, 1120], width: 10 },
      { kind: 'text', x: 80, y: 1200, text: 'Good point, explain more', size: 60 },
      { kind: 'text', x: 80, y: 1300, text: SINHALA_MARK, size: 50 },
    ];
    const annotationsUrl = `${base}/scripts/${nimalScript}/pages/${nimalFirst.id}/annotations`;
    const annotated = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: annotationsUrl, headers: admin.headers, payload: { annotations: shapes } });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(annotated).toMatchObject({ action: 'paper.script-annotate', detail: { shapesBefore: 0, shapesAfter: 5 } });
    const outside = await t.app.inject({ method: 'PUT', url: annotationsUrl, headers: admin.headers, payload: { annotations: [{ kind: 'tick', x: 5000, y: 10 }] } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<ErrorAnswer>().errors).toEqual([{ field: 'annotations.0', message: ANSWER_SCRIPTS_TEXT.annotationOutside }]);
    const tooMany = await t.app.inject({ method: 'PUT', url: annotationsUrl, headers: admin.headers, payload: { annotations: Array.from({ length: 501 }, () => ({ kind: 'tick', x: 10, y: 10 })) } });
    expect(tooMany.statusCode).toBe(400);

    // Marks: above a maximum refused (400, nothing kept); done with a question unmarked 409.
    const written = await ok<MarkingScriptAnswer>(await get(admin.headers, `${base}/scripts/${nimalScript}`));
    expect(written.state).toBe('in-progress');
    expect(written.pages[0]?.annotations).toHaveLength(5);
    const [q1, q2] = written.questions;
    if (!q1 || !q2) throw new Error('two written questions');
    const above = await marksRequest(t.app, admin.headers, paper.id, nimalScript, { marks: [{ questionId: q1.questionId, marks: 11 }] });
    expect(above.statusCode).toBe(400);
    expect(above.json<ErrorAnswer>().errors).toEqual([{ field: 'marks.0.marks', message: 'Q1 is at most 10 marks' }]);
    expect(await t.database.db.selectFrom('paper_script_marks').select('marks').where('script_id', '=', nimalScript).execute()).toEqual([]);
    const early = await marksRequest(t.app, admin.headers, paper.id, nimalScript, { marks: [{ questionId: q1.questionId, marks: 8 }], done: true });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.unmarkedQuestions);
    const marked = await oneEntryBy(t.app, admin, async () => {
      const response = await marksRequest(t.app, admin.headers, paper.id, nimalScript, {
        marks: [
          { questionId: q1.questionId, marks: 8 },
          { questionId: q2.questionId, marks: 12 },
        ],
        comment: COMMENT,
        done: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ data: { state: 'marked', writtenMarks: 20 } });
    });
    expect(marked).toMatchObject({
      action: 'paper.script-mark',
      detail: { before: { marks: { Q1: null, Q2: null } }, after: { marks: { Q1: 8, Q2: 12 }, comment: COMMENT, state: 'marked', writtenMarks: 20 } },
    });
    const statistics = await ok<WrittenStatisticsAnswer>(await get(admin.headers, `${base}/written/statistics`));
    expect(statistics).toMatchObject({ scripts: 2, marked: 1, questions: [{ label: 'Q1', marked: 1, mean: 8 }, { label: 'Q2', marked: 1, mean: 12 }] });

    // Release waits for the upload time, then for the marking.
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin.headers, paper.id, resultsReady);
    const stillOpen = await t.app.inject({ method: 'POST', url: `${base}/release`, headers: admin.headers });
    expect(stillOpen.statusCode).toBe(409);
    expect(stillOpen.json<ErrorAnswer>().message).toMatch(/^Students may still hand in written answers until /);
    clock.moveTo(clock.now() + 16 * MINUTE_MS);
    const unmarked = await t.app.inject({ method: 'POST', url: `${base}/release`, headers: admin.headers });
    expect(unmarked.statusCode).toBe(409);
    expect(unmarked.json<ErrorAnswer>().message).toBe('1 answer script is not marked yet.');
    expect((await getResults(t.app, admin.headers, paper.id)).rows.find((row) => row.studentId === student.student._id)).toMatchObject({ mcqMarks: 1, writtenMarks: 20 });
    const kamalaMarks = await ok<MarkingScriptAnswer>(await get(admin.headers, `${base}/scripts/${kamalaScript}`));
    expect(
      (
        await marksRequest(t.app, admin.headers, paper.id, kamalaScript, {
          marks: kamalaMarks.questions.map((question) => ({ questionId: question.questionId, marks: 5 })),
          done: true,
        })
      ).statusCode,
    ).toBe(200);
    const release = await t.app.inject({ method: 'POST', url: `${base}/release`, headers: admin.headers });
    expect(release.statusCode, release.body).toBe(200);

    // Totals and ranks join both parts: Nimal 1 + 20 = 21 over Kamala 4 + 10 = 14.
    const results = await getResults(t.app, admin.headers, paper.id);
    expect(results.paper).toMatchObject({ maxMarks: 29, mcqMaxMarks: 4, writtenMaxMarks: 25 });
    expect(results.rows.map((row) => [row.name, row.marks, row.mcqMarks, row.writtenMarks, row.writtenByQuestion, row.islandRank])).toEqual([
      ['Nimal Perera', 21, 1, 20, [8, 12], 1],
      ['Kamala Silva', 14, 4, 10, [5, 5], 2],
    ]);
    const result = await ok<ResultAnswer>(await get(student.headers, `${base}/result`));
    expect(result).toMatchObject({ marks: 21, maxMarks: 29, mcqMarks: 1, writtenMarks: 20, islandRank: 1 });

    // The student reads their pages with the marks, and nobody else's.
    const mine = await ok<MyScriptAnswer>(await get(student.headers, `${base}/script`));
    expect(mine).toMatchObject({ released: true, writtenMarks: 20, writtenMaxMarks: 25, comment: COMMENT });
    expect(mine.marks?.map((mark) => [mark.label, mark.marks])).toEqual([
      ['Q1', 8],
      ['Q2', 12],
    ]);
    expect(mine.pages[0]?.annotations).toHaveLength(5);
    expect((await get(other.headers, `${base}/pages/${nimalFirst.id}`)).statusCode).toBe(404);

    // The marked PDF: one page a page, the first carrying the red marks its clean page does not.
    const download = await get(student.headers, `${base}/script/marked.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(download.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const [markedFirst] = pageImages(pdf);
    if (!markedFirst) throw new Error('the PDF has page images');
    const clean = (await get(student.headers, `${base}/pages/${nimalFirst.id}`)).rawPayload;
    const size = { width: nimalFirst.width, height: nimalFirst.height };
    expect(await redPixels(clean, size)).toBe(0);
    expect(await redPixels(markedFirst, size)).toBeGreaterThan(2000);
    // Text marks, the box of marks and the comment are PDF text in an embedded Sinhala font: read
    // back as typed from /ActualText, and as glyphs by PDF.js (a word without a pre-base vowel
    // sign comes out as typed there too).
    const fontNames = pdf.context.enumerateIndirectObjects().flatMap(([, object]) => (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') ? [String(object.get(PDFName.of('FontName')))] : []));
    expect(fontNames.some((name) => /NotoSansSinhala/.test(name))).toBe(true);
    expect(actualTexts(pdf)).toEqual(expect.arrayContaining(['Good point, explain more', SINHALA_MARK, 'Q1: 8 / 10', 'Total: 20 / 25', 'Well argued. ශ්‍රී ලංකාවේ ඉතිහාසය']));
    const [firstText] = await pdfTexts(download.rawPayload);
    expect(firstText).toContain('Good point, explain more');
    expect(firstText).toContain('තව පැහැදිලි කරන්න');
    expect(firstText).toContain('Total: 20 / 25');

    // A re-mark after release moves the totals and ranks at once.
    const remark = await marksRequest(t.app, admin.headers, paper.id, nimalScript, { marks: [{ questionId: q2.questionId, marks: 2 }] });
    expect(remark.statusCode, remark.body).toBe(200);
    const after = await getResults(t.app, admin.headers, paper.id);
    expect(after.rows.map((row) => [row.name, row.marks, row.islandRank])).toEqual([
      ['Kamala Silva', 14, 1],
      ['Nimal Perera', 11, 2],
    ]);
  });
});
