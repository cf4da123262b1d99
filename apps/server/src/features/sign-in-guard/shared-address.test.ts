import { describe, expect, it } from 'vitest';
import { SERVER_TEXT, signInRetryMessage } from '@academy/contract';
import { passwordWorkDone } from '../../lib/passwords';
import { useTestApp } from '../../../test/test-app';
import { DEFAULT_SIGN_IN_RULES as rules } from '../../../test/sign-in-defaults';
import { CLASS_PASSWORD, hammerOneAccount, seedStudents, SHARED_ADDRESS_BUDGET, SHARED_ADDRESS_ENV, signInAs, sprayAccounts } from './test-helpers';

// An attacker and a class behind one address (a hall's Wi-Fi, a carrier's NAT), on SQLite and
// PostgreSQL: the sign-in budget counts the tries whose password is checked, so the guard's
// refusals cost the address nothing, and the argon2 work stays bounded at the budget.
// two-instances.test.ts runs the same through two instances sharing Redis.

describe(`one address, a sign-in budget of ${SHARED_ADDRESS_BUDGET} checked passwords a minute`, () => {
  const t = useTestApp(SHARED_ADDRESS_ENV);

  it('signs another student behind the address in at once after 1,000 wrong passwords for one account', { timeout: 60_000 }, async () => {
    const [victim, neighbour] = await seedStudents(t.database.db, 2, 'shared-address');
    const nat = '198.51.100.50';
    const before = passwordWorkDone();
    const answers = await hammerOneAccount([t.app], victim as string, nat);
    // The refusals spent none of the address's budget: the neighbour is not held up.
    expect((await signInAs(t.app, { email: neighbour as string, password: CLASS_PASSWORD, address: nat })).status).toBe(200);
    const neighbourWork = 1;
    const checked = answers.filter((answer) => answer.status === 401).length;
    // The guard judged a few tries (a hash each) and refused the rest before any hash.
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(rules.placeLimit);
    expect(passwordWorkDone() - before).toBe(checked + neighbourWork);
    for (const refused of answers.filter((answer) => answer.status !== 401)) {
      expect(refused.status).toBe(429);
      expect(refused.message).toBe(signInRetryMessage(refused.retryAfter as number));
    }
  });

  it(`checks at most ${SHARED_ADDRESS_BUDGET} of 1,000 wrong passwords spread over 1,000 accounts, and refuses the rest`, { timeout: 60_000 }, async () => {
    const emails = await seedStudents(t.database.db, 1000, 'spread');
    const before = passwordWorkDone();
    const answers = await sprayAccounts([t.app], emails, '198.51.100.51');
    expect(passwordWorkDone() - before).toBe(SHARED_ADDRESS_BUDGET);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(SHARED_ADDRESS_BUDGET);
    const refused = answers.filter((answer) => answer.status !== 401);
    expect(refused).toHaveLength(1000 - SHARED_ADDRESS_BUDGET);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.message).toBe(SERVER_TEXT.tooManyRequests);
      expect(answer.retryAfter).toBeGreaterThan(0);
      expect(answer.retryAfter).toBeLessThanOrEqual(60);
    }
  });
});
