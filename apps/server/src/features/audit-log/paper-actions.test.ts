import { describe, expect, it } from 'vitest';
import type { RegradeAnswer } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { closingIn, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from '../papers/results-test-helpers';
import { handInOk, startSitting } from '../papers/sitting-helpers';
import { createPaper, getPaper, paperClass } from '../papers/test-helpers';
import { auditLog, entriesWrittenBy, noEntryBy, oneEntryBy, signInAdmin, type Headers } from './test-helpers';

// The papers' admin actions: each change leaves its entry on the paper (a target of its own, found
// again by its class's name and, for one student's attempt, by that student's name), and a refused
// or read-only call leaves none.

describe('audit entries of the papers', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const post = (headers: Headers, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });

  it("extra time, reopening, regrade and the merit list: one entry each on the paper, none when refused", async () => {
    const admin = await signInAdmin(t.app);
    const { folder, classFolder, student } = await paperClass(t.app, { name: 'Kasun Wijesinghe' });
    const paper = await createPaper(t.app, admin.headers, folder.id, closingIn(60, clock.now()));
    const base = `/api/papers/${paper.id}`;
    const studentBase = `${base}/students/${student.student._id}`;
    const target = { type: 'paper', id: paper.id, label: paper.body.title };

    const extra = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: `${studentBase}/extra-time`, headers: admin.headers, payload: { minutes: 20 } });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(extra).toMatchObject({ action: 'paper.extra-time', target, detail: { before: { extraMinutes: 0, deadline: null }, after: { extraMinutes: 20, deadline: null } } });
    await noEntryBy(t.app, admin, () => t.app.inject({ method: 'PUT', url: `${studentBase}/extra-time`, headers: admin.headers, payload: { minutes: 601 } }));
    // Found by the student's name, and by the class's.
    expect((await auditLog(t.app, admin.headers, { search: 'Wijesinghe' })).data.map((entry) => entry.id)).toContain(extra.id);
    expect((await auditLog(t.app, admin.headers, { search: classFolder.name })).data.map((entry) => entry.id)).toContain(extra.id);

    await noEntryBy(t.app, admin, () => post(admin.headers, `${base}/merit-list`));
    await sit(t.app, admin.headers, student.headers, paper.id, ['right', 'right', 'none']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin.headers, paper.id, resultsReady);
    const reopened = await oneEntryBy(t.app, admin, async () => expect((await post(admin.headers, `${studentBase}/reopen`, { minutes: 10 })).statusCode).toBe(200));
    expect(reopened).toMatchObject({ action: 'paper.reopen', target, detail: { studentId: student.student._id, minutes: 10, before: { marks: 3 } } });
    await noEntryBy(t.app, admin, () => post(admin.headers, `${studentBase}/reopen`, { minutes: 10 }));
    const resumed = await startSitting(t.app, student.headers, paper.id);
    await handInOk(t.app, student.headers, paper.id, { device: resumed.device });
    await waitForResults(t.app, admin.headers, paper.id, resultsReady);

    const [first] = (await getPaper(t.app, admin.headers, paper.id)).questions ?? [];
    const changes = [{ questionId: first?.id ?? '', correct: 1 }];
    let basis = '';
    await noEntryBy(t.app, admin, async () => {
      const response = await post(admin.headers, `${base}/regrade/preview`, { changes });
      expect(response.statusCode, response.body).toBe(200);
      basis = response.json<RegradeAnswer>().data.basis;
    });
    const regraded = await oneEntryBy(t.app, admin, async () => expect((await post(admin.headers, `${base}/regrade`, { changes, basis })).statusCode).toBe(200));
    expect(regraded).toMatchObject({
      action: 'paper.regrade',
      target,
      detail: { changes, questions: [first?.id], maxMarksBefore: 4, maxMarksAfter: 4, moved: 1, unchanged: 0, keyVersion: 1 },
    });
    await noEntryBy(t.app, admin, () => post(admin.headers, `${base}/regrade`, { changes, basis }));

    expect((await post(admin.headers, `${base}/release`)).statusCode).toBe(200);
    const posted = await entriesWrittenBy(t.app, admin.headers, async () => expect((await post(admin.headers, `${base}/merit-list`, { top: 5 })).statusCode).toBe(200));
    // The announcement is a message of its own (edited and deleted as any message), and the paper records that it was posted.
    expect(posted.map((entry) => entry.action)).toEqual(['paper.merit-list', 'message.send']);
    expect(posted[0]).toMatchObject({ target, summary: `Published the merit list of ${paper.body.title}: top 5`, detail: { top: 5, listed: 1, omitted: 0, batch: '' } });
  });
});
