import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccounts } from '../../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createDatabase, migrateToLatest, type Db } from '../../db/database';
import { monthKey, reserveSms } from './caps';

// The SMS caps hold however many sends race for them: each reservation is one atomic upsert, so
// two connections (two instances) reserving at once never spend past a cap.

describe('SMS caps', () => {
  let database: TestDatabase;
  let second: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
    second = database.target.kind === 'postgres' ? createDatabase(database.target) : database.db;
  });
  afterAll(async () => {
    if (second !== database.db) await second.destroy();
    await database.drop();
  });

  it('50 concurrent sends over two connections reserve exactly the month cap, and a release gives parts back', async () => {
    const students = await insertAccounts(database.db, Array.from({ length: 50 }, () => ({})));
    const now = Date.parse('2026-05-02T03:00:00.000Z');
    const caps = { monthlyParts: 20, dailyPerStudent: 3 };
    const results = await Promise.all(students.map((id, index) => reserveSms(index % 2 ? second : database.db, caps, id, 1, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.filter((result) => !result.ok && result.cap === 'month')).toHaveLength(30);
    const used = () => database.db.selectFrom('sms_counts').select('count').where('key', '=', monthKey(now)).executeTakeFirstOrThrow();
    expect((await used()).count).toBe(20);
    const first = results.find((result) => result.ok);
    if (first?.ok) await first.release();
    expect((await used()).count).toBe(19);
  });

  it("stops a student's messages at the daily cap without spending the month's parts", async () => {
    const [student] = await insertAccounts(database.db, [{}]);
    if (!student) throw new Error('account missing');
    const now = Date.parse('2026-06-02T03:00:00.000Z');
    const caps = { monthlyParts: 100, dailyPerStudent: 2 };
    const results = await Promise.all(Array.from({ length: 6 }, () => reserveSms(database.db, caps, student, 2, now)));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok && result.cap === 'day')).toHaveLength(4);
    const month = await database.db.selectFrom('sms_counts').select('count').where('key', '=', monthKey(now)).executeTakeFirstOrThrow();
    expect(month.count).toBe(4);
  });
});
