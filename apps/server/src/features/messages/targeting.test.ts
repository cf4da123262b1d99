import { describe, expect, it } from 'vitest';
import { BATCHES, CLASS_TYPES, HISTORY_TYPES, MESSAGE_CLASS_TYPES, REGIONS } from '@academy/contract';
import type { SessionAccount } from '../../plugins/auth';
import { insertAccounts, type AccountProfile } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import * as repo from './repo';
import { toMessage } from './service';
import { audienceOf, reaches, type Targets } from './targeting';

/** Every subset of a list, in list order. */
function subsets<T>(list: readonly T[]): T[][] {
  return list.reduce<T[][]>((all, item) => [...all, ...all.map((subset) => [...subset, item])], [[]]);
}

function account(batch: string, historyType: string, classType: string, accountType = 'student'): Omit<SessionAccount, 'sessionId'> {
  return { id: crypto.randomUUID(), accountType, isAdmin: accountType === 'admin', batch, historyType, classType };
}

describe('targeting: the feed query and the live filter agree, for every message and every student', () => {
  const t = useTestApp();

  it('selects exactly the messages reaches() gives each kind of account', async () => {
    const now = Date.now();
    let i = 0;
    for (const batch of ['', ...BATCHES]) {
      for (const region of subsets(REGIONS)) {
        for (const classType of subsets(MESSAGE_CLASS_TYPES)) {
          const at = new Date(now - (i += 1) * 1000).toISOString();
          await repo.insertMessage(t.database.db, {
            id: crypto.randomUUID(),
            message: `${batch}/${region.join('+')}/${classType.join('+')}`,
            link: '',
            batch,
            regions: JSON.stringify(region),
            class_types: JSON.stringify(classType),
            author_id: null,
            created_at: at,
            updated_at: at,
          });
        }
      }
    }
    const everyMessage = (await repo.listMessages(t.database.db, { everyone: true }, null, 1000)).map(toMessage);
    expect(everyMessage).toHaveLength(4 * 4 * 8);

    // Students of every profile, plus values outside the lists (a legacy 'user' row, no history).
    const accounts = [account('', '', '', 'admin')];
    for (const batch of [...BATCHES, '']) {
      for (const history of [...HISTORY_TYPES, '']) {
        for (const classType of [...CLASS_TYPES, 'Other']) accounts.push(account(batch, history, classType));
      }
    }
    for (const who of accounts) {
      const audience = audienceOf(who);
      const fromSql = (await repo.listMessages(t.database.db, audience, null, 1000)).map((row) => row.id);
      const expected = everyMessage.filter((message) => reaches(message, audience)).map((message) => message._id);
      expect(fromSql, JSON.stringify(who)).toEqual(expected);
      expect(await repo.countMessages(t.database.db, audience)).toBe(expected.length);
    }
  });

  it('follows PRODUCT.md on the cases it names', () => {
    const message = { batch: '2026', region: ['Indian' as const], classType: ['Theory' as const] };
    expect(reaches(message, audienceOf(account('2026', 'Indian', 'Theory&Revision')))).toBe(true);
    expect(reaches(message, audienceOf(account('2026', 'Indian', 'Theory')))).toBe(true);
    expect(reaches(message, audienceOf(account('2026', 'Indian', 'Revision')))).toBe(false);
    expect(reaches(message, audienceOf(account('2026', 'Europe', 'Theory')))).toBe(false);
    expect(reaches(message, audienceOf(account('2025', 'Indian', 'Theory')))).toBe(false);
    expect(reaches({ batch: '', region: [], classType: [] }, audienceOf(account('2027', 'Europe', 'Paper')))).toBe(true);
    expect(reaches({ batch: '', region: [], classType: ['Revision'] }, audienceOf(account('2027', 'Europe', 'Theory&Revision')))).toBe(true);
    expect(reaches(message, audienceOf(account('', '', '', 'admin')))).toBe(true);
  });

  it('studentsReached gives exactly the active students reaches() gives, for every target and profile, page by page', async () => {
    const profiles: AccountProfile[] = [
      ...[...BATCHES, ''].flatMap((batch) => [...HISTORY_TYPES, ''].flatMap((historyType) => [...CLASS_TYPES, 'Other'].map((classType) => ({ batch, historyType, classType })))),
      { accountType: 'user', batch: '2026', historyType: 'Indian', classType: 'Theory' },
      { accountType: 'admin', batch: '', historyType: '', classType: '' },
      { accountState: 'de-active' },
      { deleted: true },
    ];
    const ids = await insertAccounts(t.database.db, profiles);
    const ours = new Set(ids);
    const notifiable = profiles.flatMap((profile, index) =>
      profile.accountType === 'admin' || profile.deleted || (profile.accountState ?? 'active') !== 'active'
        ? []
        : [{ id: ids[index] ?? '', audience: audienceOf({ isAdmin: false, batch: profile.batch ?? '2026', historyType: profile.historyType ?? 'Indian', classType: profile.classType ?? 'Theory' }) }],
    );
    const everyTarget: Targets[] = ['', ...BATCHES].flatMap((batch) =>
      subsets(REGIONS).flatMap((region) => subsets(MESSAGE_CLASS_TYPES).map((classType) => ({ batch, region, classType }))),
    );
    for (const targets of everyTarget) {
      const expected = notifiable.filter((student) => reaches(targets, student.audience)).map((student) => student.id).sort();
      const found = (await repo.studentsReached(t.database.db, targets, null, 10_000)).filter((id) => ours.has(id)).sort();
      expect(found, JSON.stringify(targets)).toEqual(expected);
    }

    const everyone: Targets = { batch: '', region: [], classType: [] };
    const paged: string[] = [];
    for (let after: string | null = null; ; ) {
      const page = await repo.studentsReached(t.database.db, everyone, after, 7);
      paged.push(...page);
      if (page.length < 7) break;
      after = page.at(-1) ?? null;
    }
    expect(paged).toEqual(await repo.studentsReached(t.database.db, everyone, null, 10_000));
  });
});
