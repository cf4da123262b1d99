import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { noEntryBy, oneEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { BULK_READ_ROWS, DEEP_PAGE_ROWS } from './bulk-reads';

// Bulk reads of the students list leave an audit entry (who, filter, page, rows); ordinary
// browsing leaves none (docs/audit-log.md 'Bulk reads').

const LIST = '/api/students/student/getallstudents';

describe('bulk reads of the student list', () => {
  const t = useTestApp();

  it('audits a page of more than a class of students and a page deep in the list, not the first pages at the usual sizes', async () => {
    const admin = await signInAdmin(t.app);
    await insertAccounts(t.database.db, Array.from({ length: DEEP_PAGE_ROWS + 30 }, () => ({ batch: '2027' })));
    const read = async (query: string) => {
      const response = await t.app.inject({ url: `${LIST}?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: unknown[] }).data.length;
    };

    await noEntryBy(t.app, admin, async () => {
      expect(await read('batch=2027&page=1&pageSize=50')).toBe(BULK_READ_ROWS);
      expect(await read('batch=2027&page=2&pageSize=25')).toBe(25);
      expect(await read('search=nobody-by-this-name&pageSize=100')).toBe(0);
    });

    const big = await oneEntryBy(t.app, admin, async () => expect(await read('batch=2027&page=1&pageSize=100')).toBe(100));
    expect(big).toMatchObject({
      action: 'student.bulk-read',
      summary: 'Read 100 students of the student list (page 1, 100 a page)',
      detail: { rows: 100, page: 1, pageSize: 100, filter: { batch: '2027' } },
    });

    // Page 9 of 25 starts at row 201: someone walking the whole list.
    const deep = await oneEntryBy(t.app, admin, async () => expect(await read('batch=2027&page=9&pageSize=25')).toBe(25));
    expect(deep).toMatchObject({ action: 'student.bulk-read', detail: { rows: 25, page: 9, pageSize: 25 } });
  });
});
