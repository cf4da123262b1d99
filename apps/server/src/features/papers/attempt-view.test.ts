// One student's attempt as the tutor inspects it (papers.md 'The calls'): the questions and options
// in the order that student saw them, what the server holds for each, the devices, and the
// page-away and offline periods.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, SERVER_TEXT, type AttemptAnswer, type PaperAttempt } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { handInOk, newDeviceKey, saveAnswers, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

describe("the tutor's view of one attempt", () => {
  const t = useTestApp();

  const attemptUrl = (paperId: string, studentId: string) => `/api/papers/${encodeURIComponent(paperId)}/students/${encodeURIComponent(studentId)}`;

  async function attemptOk(admin: Headers, paperId: string, studentId: string): Promise<PaperAttempt> {
    const response = await t.app.inject({ url: attemptUrl(paperId, studentId), headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AttemptAnswer>().data;
  }

  it("shows the answers in the student's order, the devices, and the page-away and offline periods", async () => {
    const { admin, folder, student } = await paperClass(t.app, { name: 'Nimal Perera', district: 'Kandy', scl: 'Trinity College', batch: '2027' });
    const paper = await createPaper(t.app, admin, folder.id, { shuffleQuestions: true, shuffleOptions: true });
    const phone = await startSitting(t.app, { ...student.headers, 'user-agent': PHONE }, paper.id);
    const now = Date.now();
    const away = { id: `away-${crypto.randomUUID()}`, kind: 'away' as const, from: new Date(now - 40_000).toISOString(), to: new Date(now - 30_000).toISOString() };
    const offline = { id: `offline-${crypto.randomUUID()}`, kind: 'offline' as const, from: new Date(now - 20_000).toISOString(), to: new Date(now - 5_000).toISOString() };
    const [first, second] = phone.questions;
    await saveAnswers(t.app, student.headers, paper.id, {
      device: phone.device,
      saves: [{ seq: 1, questionId: first?.id ?? '', optionId: first?.options[2]?.id ?? '' }],
      events: [away, offline],
    });
    const laptop = await startSitting(t.app, { ...student.headers, 'user-agent': LAPTOP }, paper.id, newDeviceKey());
    await handInOk(t.app, student.headers, paper.id, { device: laptop.device, saves: [{ seq: 2, questionId: second?.id ?? '', optionId: second?.options[0]?.id ?? '' }] });

    const attempt = await attemptOk(admin, paper.id, student.student._id);
    expect(attempt.student).toEqual({ studentId: student.student._id, name: 'Nimal Perera', regNo: student.student.regNo, district: 'Kandy', school: 'Trinity College', batch: '2027' });
    expect(attempt).toMatchObject({ attemptId: phone.attemptId, startedAt: phone.startedAt, openedAt: phone.startedAt, handedInBy: 'student', answered: 2, reopened: false, extraMinutes: 0 });
    // The student's order of questions and of each one's options, whatever order the paper has.
    expect(attempt.questions.map((question) => question.id)).toEqual(phone.questions.map((question) => question.id));
    attempt.questions.forEach((question, index) => {
      expect(question.number).toBe(index + 1);
      expect(question.options.map((option) => option.id)).toEqual(phone.questions[index]?.options.map((option) => option.id));
    });
    const keys = new Map((await getPaper(t.app, admin, paper.id)).questions?.map((question) => [question.id, question.options[question.correct]?.id]));
    for (const question of attempt.questions) expect(question.options.filter((option) => option.isKey).map((option) => option.id)).toEqual([keys.get(question.id)]);
    expect(attempt.questions.map((question) => [question.optionId, question.seq])).toEqual([
      [first?.options[2]?.id, 1],
      [second?.options[0]?.id, 2],
      [null, null],
    ]);
    expect(attempt.questions[0]?.savedAt).not.toBeNull();

    expect(attempt.devices.map((device) => [device.device, device.label, device.ip])).toEqual([
      [1, 'Chrome on Android', '127.0.0.1'],
      [2, 'Firefox on macOS', '127.0.0.1'],
    ]);
    expect(attempt.events.map((event) => [event.kind, event.device, event.from, event.to, event.seconds])).toEqual([
      ['away', 1, away.from, away.to, 10],
      ['offline', 1, offline.from, offline.to, 15],
    ]);
  });

  it('answers 404 for no such student, one who may not open the class, an admin, and one who has not started', async () => {
    const made = await paperClass(t.app);
    const { admin, folder } = made;
    const paper = await createPaper(t.app, admin, folder.id);
    const notStarted = await addStudent(t.app, made);
    const stranger = await signedInStudent(t.app);
    const refusal = async (paperId: string, studentId: string) => {
      const response = await t.app.inject({ url: attemptUrl(paperId, studentId), headers: admin });
      expect(response.statusCode, response.body).toBe(404);
      return response.json<{ message: string }>().message;
    };
    expect(await refusal(paper.id, crypto.randomUUID())).toBe(SERVER_TEXT.studentNotFound);
    expect(await refusal(paper.id, stranger.student._id)).toBe(SERVER_TEXT.studentNotFound);
    const adminLogin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(await refusal(paper.id, adminLogin.studentId)).toBe(SERVER_TEXT.studentNotFound);
    expect(await refusal(paper.id, notStarted.student._id)).toBe(PAPERS_TEXT.studentNotStarted);
    expect(await refusal(crypto.randomUUID(), notStarted.student._id)).toBe(PAPERS_TEXT.paperNotFound);
  });
});
