// A paper's notifications in the bell (docs/notifications.md 'The kinds'): the opening
// reaches the students who may open its class an hour before it opens, follows an edit of the
// opening and goes with the paper; released results reach the students who sat the paper.
import { describe, expect, it, vi } from 'vitest';
import { sriLankaTimeOfDay, type NotificationKind } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { bell, itemAbout } from '../notifications/test-helpers';
import { closingIn, RESULTS_TEST_ENV, released, resultsReady, sit, testClock, waitForResults } from './results-test-helpers';
import { okData } from './sitting-helpers';
import { addStudent, bodyOf, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

const HOUR_MS = 3_600_000;

type TestDb = ReturnType<typeof useTestApp>['database']['db'];

function notificationOf(db: TestDb, kind: NotificationKind, paperId: string) {
  return db.selectFrom('notifications').selectAll().where('kind', '=', kind).where('subject_key', '=', `paper:${paperId}`).executeTakeFirstOrThrow();
}

async function waitUntilSent(db: TestDb, kind: NotificationKind, paperId: string) {
  await vi.waitFor(async () => expect((await notificationOf(db, kind, paperId)).state).toBe('sent'), { timeout: 10_000, interval: 50 });
}

describe('a paper opening soon', () => {
  const t = useTestApp();

  it('reaches the students granted its class, not a student without access, with its words and link', async () => {
    const { admin, classFolder, folder, student } = await paperClass(t.app);
    const outsider = await signedInStudent(t.app);
    const opensAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const paper = await createPaper(t.app, admin, folder.id, { opensAt, closesAt: new Date(Date.parse(opensAt) + 2 * HOUR_MS).toISOString() });

    const item = await itemAbout(t.app, student.headers, paper.body.title);
    expect(item).toMatchObject({
      kind: 'paper.opening',
      params: { title: paper.body.title, className: classFolder.name, time: sriLankaTimeOfDay(opensAt) },
      link: `/papers/${paper.id}`,
    });
    await waitUntilSent(t.database.db, 'paper.opening', paper.id);
    expect((await bell(t.app, outsider.headers)).items).toEqual([]);
  });

  it('is scheduled an hour before the opening, moves when the opening moves, and is withdrawn when the paper is deleted', async () => {
    const { admin, folder } = await paperClass(t.app);
    const opensAt = new Date(Date.now() + 3 * HOUR_MS).toISOString();
    const paper = await createPaper(t.app, admin, folder.id, { opensAt, closesAt: new Date(Date.parse(opensAt) + 2 * HOUR_MS).toISOString() });
    const scheduled = await notificationOf(t.database.db, 'paper.opening', paper.id);
    expect(scheduled).toMatchObject({ state: 'scheduled', not_before: new Date(Date.parse(opensAt) - HOUR_MS).toISOString() });

    const movedOpening = new Date(Date.parse(opensAt) + 2 * HOUR_MS).toISOString();
    const body = { ...bodyOf(await getPaper(t.app, admin, paper.id)), opensAt: movedOpening, closesAt: new Date(Date.parse(movedOpening) + 2 * HOUR_MS).toISOString() };
    okData(await t.app.inject({ method: 'PUT', url: `/api/papers/${paper.id}`, headers: admin, payload: body }));
    const moved = await notificationOf(t.database.db, 'paper.opening', paper.id);
    expect(moved).toMatchObject({ id: scheduled.id, state: 'scheduled', not_before: new Date(Date.parse(movedOpening) - HOUR_MS).toISOString(), expires_at: body.closesAt });
    expect(JSON.parse(moved.params_json)).toMatchObject({ time: sriLankaTimeOfDay(movedOpening) });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/papers/${paper.id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await notificationOf(t.database.db, 'paper.opening', paper.id)).state).toBe('withdrawn');
  });
});

describe('results released', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const release = (headers: Headers, paperId: string) => t.app.inject({ method: 'POST', url: `/api/papers/${paperId}/release`, headers });

  it('by hand: reaches the students who sat the paper, opening their result, not one who did not sit it', async () => {
    const made = await paperClass(t.app);
    const { admin, folder, student } = made;
    const absent = await addStudent(t.app, made);
    const paper = await createPaper(t.app, admin, folder.id, closingIn(60, clock.now()));
    await sit(t.app, admin, student.headers, paper.id, ['right', 'wrong', 'none']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    expect((await release(admin, paper.id)).statusCode).toBe(200);

    const item = await itemAbout(t.app, student.headers, paper.body.title);
    expect(item).toMatchObject({ kind: 'results.released', params: { title: paper.body.title }, link: `/papers/${paper.id}/result` });
    await waitUntilSent(t.database.db, 'results.released', paper.id);
    expect((await bell(t.app, absent.headers)).items).toEqual([]);
  });

  it('at releaseAt: reaches the students who sat the paper when the release job releases it', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const times = closingIn(60, clock.now());
    const releaseAt = new Date(Date.parse(times.closesAt) + t.config.papers.graceMs + 1000).toISOString();
    const paper = await createPaper(t.app, admin, folder.id, { ...times, releaseAt });
    await sit(t.app, admin, student.headers, paper.id, ['right', 'right', 'right']);
    clock.passClose(times.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    clock.moveTo(Date.parse(releaseAt));
    await waitForResults(t.app, admin, paper.id, released);

    const item = await itemAbout(t.app, student.headers, paper.body.title);
    expect(item).toMatchObject({ kind: 'results.released', link: `/papers/${paper.id}/result` });
  });
});
