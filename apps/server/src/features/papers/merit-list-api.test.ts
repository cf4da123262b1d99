// Publishing the merit list (papers.md 'Admin actions'): after release only, the top N with
// everyone tied with the Nth, posted as an announcement to the paper's batch, class type Paper,
// both regions. The text itself is merit-list.test.ts's.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, type MeritListAnswer, type MessageListAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { closingIn, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from './results-test-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

describe('the merit list', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const publish = (admin: Headers, paperId: string, body: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/papers/${encodeURIComponent(paperId)}/merit-list`, headers: admin, payload: body });

  async function publishOk(admin: Headers, paperId: string, body: Record<string, unknown> = {}): Promise<MeritListAnswer['data']> {
    const response = await publish(admin, paperId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MeritListAnswer>().data;
  }

  async function feed(headers: Headers) {
    const response = await t.app.inject({ url: '/api/messages/message/get-by-batch/2026/Indian/Paper', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessageListAnswer>().data;
  }

  it("is posted after release only, with the ties at the cut, to the paper's batch, class type Paper, both regions", async () => {
    const made = await paperClass(t.app, { name: 'Amaya Perera', scl: 'Visakha Vidyalaya' });
    const { admin, folder } = made;
    const bimal = await addStudent(t.app, made, { name: 'Bimal Silva', scl: 'Royal College' });
    const chathu = await addStudent(t.app, made, { name: 'Chathu Fernando', scl: 'Trinity College' });
    const dilan = await addStudent(t.app, made, { name: 'Dilan Jayasuriya', scl: 'Ananda College' });
    const reader = await signedInStudent(t.app, { batch: '2026', classType: 'Paper', historyType: 'Europe', indianHistory: false, europeHistory: true });
    const otherBatch = await signedInStudent(t.app, { batch: '2025', classType: 'Paper' });
    const paper = await createPaper(t.app, admin, folder.id, { ...closingIn(60, clock.now()), batch: '2026', meritTop: 2 });
    // Out of 4: 4, 3, 3, 1: the second place is shared, so the top 2 lists three.
    await sit(t.app, admin, made.student.headers, paper.id, ['right', 'right', 'right']);
    await sit(t.app, admin, bimal.headers, paper.id, ['wrong', 'right', 'right']);
    await sit(t.app, admin, chathu.headers, paper.id, ['right', 'right', 'wrong']);
    await sit(t.app, admin, dilan.headers, paper.id, ['right', 'none', 'none']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);

    const early = await publish(admin, paper.id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 409, message: PAPERS_TEXT.meritListBeforeRelease, data: null });
    expect((await t.app.inject({ method: 'POST', url: `/api/papers/${paper.id}/release`, headers: admin })).statusCode).toBe(200);

    const posted = await publishOk(admin, paper.id);
    expect(posted.text).toBe(
      [
        `Merit list: ${paper.body.title}`,
        'Top 2 of 4 who sat',
        '',
        '1. Amaya Perera, Visakha Vidyalaya: 4/4',
        '2. Bimal Silva, Royal College: 3/4',
        '2. Chathu Fernando, Trinity College: 3/4',
      ].join('\n'),
    );
    const all = await t.app.inject({ url: '/api/messages/message/get-all', headers: admin });
    const message = all.json<MessageListAnswer>().data.find((sent) => sent._id === posted.messageId);
    expect(message).toMatchObject({ message: posted.text, link: '', batch: '2026', region: ['Indian', 'Europe'], classType: ['Paper'] });
    expect((await feed(reader.headers)).map((sent) => sent._id)).toContain(posted.messageId);
    expect((await feed(otherBatch.headers)).map((sent) => sent._id)).not.toContain(posted.messageId);

    const stored = await t.database.db.selectFrom('papers').select(['merit_posted_at', 'merit_message_id']).where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(stored.merit_message_id).toBe(posted.messageId);
    expect((await getPaper(t.app, admin, paper.id)).meritPostedAt).toBe(stored.merit_posted_at);

    // Each press posts a new announcement; `top` overrides the paper's size.
    const again = await publishOk(admin, paper.id, { top: 1 });
    expect(again.messageId).not.toBe(posted.messageId);
    expect(again.text.split('\n').slice(1)).toEqual(['Top 1 of 4 who sat', '', '1. Amaya Perera, Visakha Vidyalaya: 4/4']);
    const latest = await t.database.db.selectFrom('papers').select('merit_message_id').where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(latest.merit_message_id).toBe(again.messageId);
    expect((await publish(admin, paper.id, { top: 31 })).statusCode).toBe(400);
  });

  it('goes to every batch when the paper has none', async () => {
    const { admin, folder, student } = await paperClass(t.app, { name: 'Only Student', scl: 'Royal College' });
    const paper = await createPaper(t.app, admin, folder.id, closingIn(60, clock.now()));
    await sit(t.app, admin, student.headers, paper.id, ['right', 'none', 'none']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    expect((await t.app.inject({ method: 'POST', url: `/api/papers/${paper.id}/release`, headers: admin })).statusCode).toBe(200);
    const posted = await publishOk(admin, paper.id);
    const all = await t.app.inject({ url: '/api/messages/message/get-all', headers: admin });
    expect(all.json<MessageListAnswer>().data.find((sent) => sent._id === posted.messageId)).toMatchObject({ batch: '', region: ['Indian', 'Europe'], classType: ['Paper'] });
  });
});
