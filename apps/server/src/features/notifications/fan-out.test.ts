import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { MemoryEventBus } from '../../events/memory-bus';
import type { JobContext } from '../../jobs/worker';
import type { NotificationEvent } from '../../notify/notifier';
import { insertAccounts } from '../../../test/factories';
import { testConfig } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createNotifications, type Notifications } from './create-notifications';
import { FANOUT_JOB } from './context';
import { FANOUT_PAGE_SIZE, fanOut } from './fan-out';
import { recipientsOf } from './test-helpers';

// The centre on the engine under test with no worker of its own (concurrency 0): each test runs
// the fan-out itself, when it says, as the worker would.

describe('raising and fanning out', () => {
  let database: TestDatabase;
  let centre: Notifications;
  const bus = new MemoryEventBus();
  /** What the audience of 'fee.due' answers in these tests; a test may make one page fail. */
  let audience: string[] = [];
  let failOnPage: number | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
    centre = await createNotifications({ db: database.db, bus, config: testConfig(database, { NOTIFY_JOB_CONCURRENCY: '0' }), log: pino({ level: 'silent' }) });
    let pages = 0;
    centre.notifier.audience('fee.due', async (_arg, after, limit) => {
      pages += 1;
      if (failOnPage === pages) throw new Error('the instance died between pages');
      return audience.filter((id) => after === null || id > after).slice(0, limit);
    });
  });
  afterAll(async () => {
    await centre.ctx.live.close();
    await centre.worker.stop();
    await bus.close();
    await database.drop();
  });

  const job = (): JobContext => ({ signal: new AbortController().signal, attempt: 1, runAgainAt: async () => undefined });
  const raise = (event: NotificationEvent) => database.db.transaction().execute((tx) => centre.notifier.raise(tx, event));
  const notification = (subjectKey: string) => database.db.selectFrom('notifications').selectAll().where('subject_key', '=', subjectKey).executeTakeFirstOrThrow();
  const event = (subjectKey: string, to: NotificationEvent['to'], extra: Partial<NotificationEvent> = {}): NotificationEvent => ({
    kind: 'fee.due',
    subjectKey,
    params: { month: 'September', className: 'Theory 2026' },
    link: '/fees',
    to,
    ...extra,
  });

  it('a notification raised in a transaction that rolls back, and its fan-out job, never exist', async () => {
    const [student] = await insertAccounts(database.db, [{}]);
    const fanOutJobs = () => database.db.selectFrom('jobs').select('id').where('kind', '=', FANOUT_JOB).execute();
    const jobsBefore = await fanOutJobs();
    const abandoned = new Error('the change failed');
    await expect(
      database.db.transaction().execute(async (tx) => {
        await centre.notifier.raise(tx, event('rolled-back', { accounts: [student ?? ''] }));
        throw abandoned;
      }),
    ).rejects.toBe(abandoned);
    expect(await database.db.selectFrom('notifications').select('id').where('subject_key', '=', 'rolled-back').execute()).toEqual([]);
    expect(await fanOutJobs()).toEqual(jobsBefore);
  });

  it('a re-run after a crash between pages adds nobody twice, and the notification ends sent to every one', async () => {
    audience = (await insertAccounts(database.db, Array.from({ length: FANOUT_PAGE_SIZE * 2 + 500 }, () => ({})))).sort();
    await raise(event('fee.due:crash', { audience: 'class-1:2026-09' }));
    const { id } = await notification('fee.due:crash');
    failOnPage = 3;
    await expect(fanOut(centre.ctx, { notificationId: id }, job())).rejects.toThrow('died between pages');
    expect(await recipientsOf(database.db, id)).toHaveLength(FANOUT_PAGE_SIZE * 2);
    expect(await notification('fee.due:crash')).toMatchObject({ state: 'fanning-out', recipients: 0 });

    failOnPage = null;
    await fanOut(centre.ctx, { notificationId: id }, job());
    expect(await recipientsOf(database.db, id)).toEqual(audience);
    expect(await notification('fee.due:crash')).toMatchObject({ state: 'sent', recipients: audience.length });
    await fanOut(centre.ctx, { notificationId: id }, job());
    expect(await recipientsOf(database.db, id)).toHaveLength(audience.length);
  });

  it('reaches only the active students named, never the one who caused it; an admin kind reaches admins only', async () => {
    const [actor, active, suspended, deleted, admin] = await insertAccounts(database.db, [{}, {}, { accountState: 'de-active' }, { deleted: true }, { accountType: 'admin' }]);
    const named = [actor, active, suspended, deleted, admin].map((id) => id ?? '');
    await raise(event('fee.due:named', { accounts: named }, { actorId: actor }));
    await raise({ kind: 'payment.reversed', subjectKey: 'payment.reversed:1', params: { receiptNo: 'R-1' }, link: '/fees', to: { accounts: named } });
    for (const subject of ['fee.due:named', 'payment.reversed:1']) await fanOut(centre.ctx, { notificationId: (await notification(subject)).id }, job());
    expect(await recipientsOf(database.db, (await notification('fee.due:named')).id)).toEqual([active]);
    expect(await recipientsOf(database.db, (await notification('payment.reversed:1')).id)).toEqual([admin]);
  });

  it('raising a subject again changes nothing; replace moves one not sent yet, and gives one already sent only its new words', async () => {
    const [student] = await insertAccounts(database.db, [{}]);
    const to = { accounts: [student ?? ''] };
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await raise(event('fee.due:again', to, { notBefore: later }));
    await raise(event('fee.due:again', to, { params: { month: 'October' } }));
    expect(await notification('fee.due:again')).toMatchObject({ state: 'scheduled', not_before: later, params_json: JSON.stringify({ month: 'September', className: 'Theory 2026' }) });

    const sooner = new Date(Date.now() + 60_000).toISOString();
    await raise(event('fee.due:again', to, { notBefore: sooner, params: { month: 'October' }, replace: true }));
    const moved = await notification('fee.due:again');
    expect(moved).toMatchObject({ state: 'scheduled', not_before: sooner, params_json: JSON.stringify({ month: 'October' }) });
    const queued = await database.db.selectFrom('jobs').selectAll().where('kind', '=', FANOUT_JOB).where('job_key', '=', moved.id).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ state: 'queued', run_after: sooner });

    await fanOut(centre.ctx, { notificationId: moved.id }, job());
    await raise(event('fee.due:again', to, { notBefore: later, params: { month: 'November' }, link: '/fees/november', replace: true }));
    expect(await notification('fee.due:again')).toMatchObject({ state: 'sent', not_before: sooner, params_json: JSON.stringify({ month: 'November' }), link: '/fees/november' });
  });

  it('a withdrawn notification is never fanned out, and raising its subject again brings nothing back', async () => {
    const [student] = await insertAccounts(database.db, [{}]);
    await raise(event('fee.due:gone', { accounts: [student ?? ''] }));
    await database.db.transaction().execute((tx) => centre.notifier.withdraw(tx, 'fee.due', 'fee.due:gone'));
    const { id } = await notification('fee.due:gone');
    await fanOut(centre.ctx, { notificationId: id }, job());
    await raise(event('fee.due:gone', { accounts: [student ?? ''] }, { replace: true }));
    expect(await notification('fee.due:gone')).toMatchObject({ state: 'withdrawn', recipients: 0 });
    expect(await recipientsOf(database.db, id)).toEqual([]);
  });

  it('refuses an event a feature got wrong: a link off the portal, too many named accounts', async () => {
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 'view/1']) {
      await expect(raise(event(`bad-link-${link}`, { accounts: [] }, { link }))).rejects.toThrow('path of the portal');
    }
    const many = Array.from({ length: 501 }, (_, i) => `account-${i}`);
    await expect(raise(event('too-many', { accounts: many }))).rejects.toThrow('at most 500');
  });
});
