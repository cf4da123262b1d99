// A paper's written part (answer-scripts.md 'Rules'): its questions and maxima, frozen once a
// script is handed in; the question sheet, a PDF by its bytes, replaced until the paper opens, and
// served clean only to admins: a student gets a copy stamped on every page, from their start to
// their upload deadline; anyone else nothing.
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ANSWER_SCRIPTS_TEXT, type ErrorAnswer, type SheetAnswer, type WrittenAnswer } from '@academy/contract';
import { multipartForm } from '../../../../test/multipart-form';
import { useTestApp } from '../../../../test/test-app';
import { testClock } from '../results-test-helpers';
import { startSitting } from '../sitting-helpers';
import { addStudent, createPaper, paperClass, type Headers } from '../test-helpers';
import { handInRequest, pagePhoto, putWritten, uploadPage, WRITTEN } from './script-test-helpers';

const MINUTE_MS = 60_000;

async function samplePdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 0; n < pages; n += 1) pdf.addPage([595, 842]).drawText(`Question ${n + 1}: discuss the Kandyan Convention.`, { x: 50, y: 760, size: 14 });
  return Buffer.from(await pdf.save());
}

function imageCount(pdf: PDFDocument): number {
  let count = 0;
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
  }
  return count;
}

describe("a paper's written part", () => {
  const clock = testClock();
  const t = useTestApp({}, { clock: clock.now });

  const uploadSheet = (admin: Headers, paperId: string, bytes: Buffer, field = 'sheet') => {
    const form = multipartForm(field, 'questions.pdf', 'application/pdf', bytes);
    return t.app.inject({ method: 'POST', url: `/api/papers/${paperId}/written/sheet`, headers: { ...admin, ...form.headers }, payload: form.payload });
  };
  const sheet = (headers: Headers, paperId: string) => t.app.inject({ url: `/api/papers/${paperId}/written/sheet`, headers });

  it('sets questions and maxima, refuses a bad one, and freezes them once a script is handed in', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, clock.now());
    expect((await t.app.inject({ url: `/api/papers/${paper.id}/written`, headers: student.headers })).json<WrittenAnswer>().data).toBeNull();
    const zero = await putWritten(t.app, admin, paper.id, { questions: [{ label: 'Q1', maxMarks: 0 }] });
    expect(zero.statusCode).toBe(400);
    const set = await putWritten(t.app, admin, paper.id);
    expect(set.statusCode, set.body).toBe(200);
    const part = set.json<WrittenAnswer>().data;
    expect(part).toMatchObject({ maxMarks: 25, graceMinutes: 15, sheet: null, questions: [{ label: 'Q1', maxMarks: 10 }, { label: 'Q2', maxMarks: 15 }] });
    const unknown = await putWritten(t.app, admin, paper.id, { questions: [{ id: 'not-a-question', label: 'Q1', maxMarks: 5 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorAnswer>().errors).toEqual([{ field: 'questions.0.id', message: ANSWER_SCRIPTS_TEXT.questionIdUnknown }]);
    expect((await t.app.inject({ url: `/api/papers/${paper.id}/written`, headers: student.headers })).json<WrittenAnswer>().data).toEqual(part);

    await startSitting(t.app, student.headers, paper.id);
    const page = await uploadPage(t.app, student.headers, paper.id, await pagePhoto(600, 800));
    expect((await handInRequest(t.app, student.headers, paper.id, { pages: [{ id: page.id }] })).statusCode).toBe(200);
    const [q1, q2] = part?.questions ?? [];
    if (!q1 || !q2) throw new Error('two questions');
    const frozen = await putWritten(t.app, admin, paper.id, { questions: [{ id: q1.id, label: 'Q1', maxMarks: 20 }, { id: q2.id, label: 'Q2', maxMarks: 15 }] });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.writtenFrozen);
    // Labels and the grace may still change.
    const relabelled = await putWritten(t.app, admin, paper.id, { questions: [{ id: q1.id, label: '1(a)', maxMarks: 10 }, { id: q2.id, label: '1(b)', maxMarks: 15 }], graceMinutes: 30 });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json<WrittenAnswer>().data).toMatchObject({ graceMinutes: 30, questions: [{ id: q1.id, label: '1(a)' }, { id: q2.id, label: '1(b)' }] });
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/papers/${paper.id}/written`, headers: admin });
    expect(removal.statusCode).toBe(409);
  });

  it('takes a PDF sheet by its bytes until the paper opens, and serves it clean to admins and stamped to a student sitting it', async () => {
    const { admin, folder, classFolder, student } = await paperClass(t.app, { name: 'Nimal Perera' });
    const bystander = await addStudent(t.app, { admin, classFolder });
    const opensAt = clock.now() + 10 * MINUTE_MS;
    const paper = await createPaper(t.app, admin, folder.id, { opensAt: new Date(opensAt).toISOString(), closesAt: new Date(opensAt + 120 * MINUTE_MS).toISOString(), timeLimitMinutes: 30 }, clock.now());
    expect((await putWritten(t.app, admin, paper.id, WRITTEN)).statusCode).toBe(200);

    const notPdf = await uploadSheet(admin, paper.id, await pagePhoto(300, 300));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.sheetType);
    const broken = await uploadSheet(admin, paper.id, Buffer.from('%PDF-1.7\nthis is not really a PDF\n'));
    expect(broken.statusCode).toBe(400);
    const clean = await samplePdf(3);
    const uploaded = await uploadSheet(admin, paper.id, clean);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<SheetAnswer>().data).toEqual({ pages: 3, bytes: clean.length });
    // Nothing of it before the paper opens and the student starts.
    expect((await sheet(student.headers, paper.id)).statusCode).toBe(404);

    clock.moveTo(opensAt);
    const late = await uploadSheet(admin, paper.id, await samplePdf(1));
    expect(late.statusCode).toBe(409);
    const sitting = await startSitting(t.app, student.headers, paper.id);

    const forAdmin = await sheet(admin, paper.id);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.rawPayload.equals(clean)).toBe(true);
    const forStudent = await sheet(student.headers, paper.id);
    expect(forStudent.statusCode).toBe(200);
    expect(forStudent.headers['content-type']).toBe('application/pdf');
    expect(forStudent.headers['cache-control']).toBe('no-store');
    expect(forStudent.rawPayload.equals(clean)).toBe(false);
    const stamped = await PDFDocument.load(forStudent.rawPayload);
    expect(stamped.getPageCount()).toBe(3);
    // The stamp: its pictures (the band and the foot line, each with its transparency mask) drawn on every page.
    expect(imageCount(stamped)).toBe(4);
    for (const page of stamped.getPages()) expect(page.node.Resources()?.lookup(PDFName.of('XObject'))).toBeDefined();
    expect(imageCount(await PDFDocument.load(clean))).toBe(0);

    expect((await sheet(bystander.headers, paper.id)).statusCode).toBe(404);
    clock.moveTo(Date.parse(sitting.deadline) + 15 * MINUTE_MS + 1);
    expect((await sheet(student.headers, paper.id)).statusCode).toBe(404);
  });
});
