// Releasing results (papers.md 'Releasing results'): by hand once they are ready, at the paper's
// releaseAt by the release job, and, when that time comes while an attempt is reopened, at the
// moment the results are ready again. The test moves the papers' clock past each close and release time.
import { describe, expect, it, vi } from 'vitest';
import { PAPERS_TEXT, type PaperRefusal, type ReleaseAnswer, type ResultAnswer } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { PAPER_RELEASE_JOB } from './paper-jobs';
import { closingIn, getResults, JOB_WAIT_MS, released, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from './results-test-helpers';
import { handInOk } from './sitting-helpers';
import { createPaper, paperClass, type Headers } from './test-helpers';

describe('releasing results', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const release = (headers: Headers, paperId: string) => t.app.inject({ method: 'POST', url: `/api/papers/${paperId}/release`, headers });
  const result = (headers: Headers, paperId: string) => t.app.inject({ method: 'GET', url: `/api/papers/${paperId}/result`, headers });
  const releaseEntries = (paperId: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'paper.release').where('target_id', '=', paperId).execute();
  /** A paper's times with a release time a second after its close and grace: ready first, released then. */
  const releasedAfterClose = () => {
    const times = closingIn(60, clock.now());
    return { ...times, releaseAt: new Date(Date.parse(times.closesAt) + t.config.papers.graceMs + 1000).toISOString() };
  };

  it('refuses a release before the results are ready, with closesAt; releases them once ready, audited; again changes nothing', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, closingIn(60, clock.now()));
    const sitting = await sit(t.app, admin, student.headers, paper.id, ['right', 'wrong', 'none'], { handIn: false });

    const early = await release(admin, paper.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<PaperRefusal>()).toMatchObject({ code: 409, message: PAPERS_TEXT.releaseNotReady, closesAt: paper.body.closesAt });

    await handInOk(t.app, student.headers, paper.id, { device: sitting.device });
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    const notOut = await result(student.headers, paper.id);
    expect(notOut.statusCode).toBe(409);
    // Released by hand: there is no release time to tell.
    expect(notOut.json<PaperRefusal>()).toEqual({ code: 409, message: PAPERS_TEXT.resultsNotOut, data: null });

    const first = await release(admin, paper.id);
    expect(first.statusCode, first.body).toBe(200);
    const { releasedAt } = first.json<ReleaseAnswer>().data;
    expect((await getResults(t.app, admin, paper.id)).paper.releasedAt).toBe(releasedAt);
    const again = await release(admin, paper.id);
    expect(again.json<ReleaseAnswer>().data.releasedAt).toBe(releasedAt);
    const entries = await releaseEntries(paper.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target_type: 'paper', target_label: paper.body.title });

    const out = await result(student.headers, paper.id);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<ResultAnswer>().data).toMatchObject({ marks: 1, maxMarks: 4, islandRank: 1, sat: 1 });
  });

  it('releases by itself at releaseAt once the results are ready, and says when before', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const times = releasedAfterClose();
    const { releaseAt } = times;
    const paper = await createPaper(t.app, admin, folder.id, times);
    await sit(t.app, admin, student.headers, paper.id, ['right', 'right', 'right']);

    const waiting = await result(student.headers, paper.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<PaperRefusal>()).toMatchObject({ message: PAPERS_TEXT.resultsNotOut, releaseAt });

    clock.passClose(times.closesAt, t.config.papers.graceMs);
    const ready = await waitForResults(t.app, admin, paper.id, resultsReady);
    expect(ready.paper.releasedAt).toBeNull();
    clock.moveTo(Date.parse(releaseAt));
    const out = await waitForResults(t.app, admin, paper.id, released);
    expect(Date.parse(out.paper.releasedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(releaseAt));
    expect(Date.parse(out.paper.resultsReadyAt ?? '')).toBeLessThanOrEqual(Date.parse(out.paper.releasedAt ?? ''));
    const mine = await result(student.headers, paper.id);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<ResultAnswer>().data).toMatchObject({ marks: 4, percentage: 100 });
    // Nobody pressed Release: the audit log records admins' acts only.
    expect(await releaseEntries(paper.id)).toEqual([]);
  });

  it('a release time that comes while an attempt is reopened waits for its hand-in, then releases at once', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const times = releasedAfterClose();
    const { releaseAt } = times;
    const paper = await createPaper(t.app, admin, folder.id, times);
    const sitting = await sit(t.app, admin, student.headers, paper.id, ['right', 'none', 'none']);
    clock.passClose(times.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    // The clock stands still until the test moves it, so the reopening comes before the release time.
    expect(clock.now(), 'the release time came before the reopening').toBeLessThan(Date.parse(releaseAt));

    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/papers/${paper.id}/students/${student.student._id}/reopen`,
      headers: admin,
      payload: { minutes: 5 },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await getResults(t.app, admin, paper.id)).paper.resultsReadyAt).toBeNull();
    // The release time comes: the release job has come and gone, and released nothing, as an attempt is open.
    clock.moveTo(Date.parse(releaseAt));
    await vi.waitFor(
      async () => {
        const job = await t.database.db.selectFrom('jobs').select('state').where('kind', '=', PAPER_RELEASE_JOB).where('job_key', '=', paper.id).executeTakeFirst();
        expect(job?.state).toBe('done');
      },
      { timeout: JOB_WAIT_MS, interval: 100 },
    );
    expect(clock.now()).toBeGreaterThanOrEqual(Date.parse(releaseAt));
    expect((await getResults(t.app, admin, paper.id)).paper.releasedAt).toBeNull();
    expect((await result(student.headers, paper.id)).statusCode).toBe(409);

    await handInOk(t.app, student.headers, paper.id, { device: sitting.device });
    const out = await waitForResults(t.app, admin, paper.id, released);
    expect(out.paper.resultsReadyAt).not.toBeNull();
    expect(Date.parse(out.paper.releasedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(out.paper.resultsReadyAt ?? ''));
    expect((await result(student.headers, paper.id)).statusCode).toBe(200);
  });
});
