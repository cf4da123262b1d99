import { describe, expect, it, vi } from 'vitest';
import { HISTORY_TYPES, BATCHES, CLASS_TYPES } from '@academy/contract';
import { insertAccounts, type AccountProfile } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { messageSubject } from '../messages/notification';
import { audienceOf, reaches, type Targets } from '../messages/targeting';
import { adminHeaders, send } from '../messages/test-helpers';
import { recipientsOf } from './test-helpers';

// A student gets only what concerns them: the recipients a real announcement writes are exactly
// the active students its targets reach by the feed's rule (targeting.ts), never an admin, a
// suspended or deleted student. messages/targeting.test.ts proves the SQL for every combination.

/** Every profile a student may have, values outside the lists too, and accounts no notification may reach. */
const everyProfile: AccountProfile[] = [
  ...[...BATCHES, ''].flatMap((batch) => [...HISTORY_TYPES, ''].flatMap((historyType) => [...CLASS_TYPES, 'Other'].map((classType) => ({ batch, historyType, classType })))),
  { accountType: 'admin', batch: '', historyType: '', classType: '' },
  { accountState: 'de-active', batch: '2026', historyType: 'Indian', classType: 'Theory' },
  { deleted: true, batch: '2026', historyType: 'Indian', classType: 'Theory' },
];

function isActiveStudent(profile: AccountProfile): boolean {
  return profile.accountType !== 'admin' && !profile.deleted && (profile.accountState ?? 'active') === 'active';
}

describe('who an announcement notifies', () => {
  const t = useTestApp();

  it('a sent announcement reaches exactly the students its batch, region and class type match, never its admin', async () => {
    const ids = await insertAccounts(t.database.db, everyProfile);
    const ours = new Set(ids);
    const admin = await adminHeaders(t.app);
    const adminRow = await t.database.db.selectFrom('accounts').select('id').where('account_type', '=', 'admin').executeTakeFirstOrThrow();
    const cases: Targets[] = [
      { batch: '2026', region: ['Indian'], classType: ['Theory'] },
      { batch: '', region: [], classType: ['Revision'] },
      { batch: '2025', region: ['Europe'], classType: [] },
      { batch: '2027', region: ['Indian', 'Europe'], classType: ['Paper', 'Theory'] },
      { batch: '', region: [], classType: [] },
    ];
    for (const targets of cases) {
      const message = await send(t.app, admin, targets);
      const notification = await vi.waitFor(
        async () => {
          const row = await t.database.db.selectFrom('notifications').selectAll().where('subject_key', '=', messageSubject(message._id)).executeTakeFirstOrThrow();
          expect(row.state).toBe('sent');
          return row;
        },
        { timeout: 10_000, interval: 50 },
      );
      const expected = everyProfile
        .flatMap((profile, index) => {
          const audience = audienceOf({ isAdmin: false, batch: profile.batch ?? '', historyType: profile.historyType ?? '', classType: profile.classType ?? '' });
          return isActiveStudent(profile) && reaches(targets, audience) ? [ids[index] ?? ''] : [];
        })
        .sort();
      const reached = await recipientsOf(t.database.db, notification.id);
      expect(reached.filter((id) => ours.has(id)), JSON.stringify(targets)).toEqual(expected);
      expect(reached).not.toContain(adminRow.id);
      expect(notification.recipients).toBe(reached.length);
    }
  });
});
