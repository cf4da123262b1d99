import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { migrateToLatest } from '../../db/database';
import { generateVapidKeys } from '../../notify/push/vapid-keys';
import { checkSharedVapidKey } from './vapid-setting';

// Every instance signs pushes with one VAPID pair: the first start records its key, a later start
// with the same key passes, and one with another key is refused, naming the settings to fix.

describe('the shared VAPID key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db, database.target.kind === 'postgres' ? database.target.schema : undefined);
  });
  afterAll(() => database.drop());

  it('is recorded by the first start; the same key starts again, another is refused', async () => {
    const keys = generateVapidKeys();
    const at = new Date().toISOString();
    await checkSharedVapidKey(database.db, keys, at);
    await checkSharedVapidKey(database.db, keys, at);
    await expect(checkSharedVapidKey(database.db, generateVapidKeys(), at)).rejects.toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY differ/);
  });
});
