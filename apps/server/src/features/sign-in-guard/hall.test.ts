import { describe, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { expectWholeHallIn, GUARD_TEST_ENV, seedStudents, signInHall } from './test-helpers';

// The hall that must never be refused, at the default settings (the sign-in request budget
// included), on SQLite and PostgreSQL: a class of 300 behind the hall's one address signs in at once, 30 of them
// after one typo and 5 after five, and every one gets in within two minutes, none refused.
// two-instances.test.ts runs the same class through two instances.

describe('a hall of 300 students behind one address', () => {
  const t = useTestApp(GUARD_TEST_ENV);

  it('signs every student in within two minutes, typos and all, with no refusal', { timeout: 120_000 }, async () => {
    const emails = await seedStudents(t.database.db, 300, 'hall');
    const hall = await signInHall([t.app], emails, '198.51.100.200');
    expectWholeHallIn(hall);
  });
});
