import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrations } from '../../db/migrations/index';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';

// The fees' migration on the engine under test: it runs up, seeds the receipt counter, and runs
// down and up again, so a release that must be rolled back can be.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function migrator(): Migrator {
  const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

describe('the fees tables', () => {
  it('start with the receipt counter at 0 and every table empty', async () => {
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
    const counter = await database.db.selectFrom('fee_counters').selectAll().execute();
    expect(counter).toEqual([{ name: 'receipt', value: 0 }]);
    const openings = await database.db.selectFrom('fee_openings').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(openings.n)).toBe(0);
  });

  it('run down and up again', async () => {
    // Down to the migration before the fees' (those after it go first, as a rollback would take them).
    const down = await migrator().migrateTo('015-notifications');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '016-fees', direction: 'Down', status: 'Success' });
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((result) => result.migrationName)).toContain('016-fees');
    expect(await database.db.selectFrom('fee_counters').selectAll().execute()).toEqual([{ name: 'receipt', value: 0 }]);
  });
});
