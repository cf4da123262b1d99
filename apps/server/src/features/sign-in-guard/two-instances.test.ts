import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { passwordWorkDone } from '../../lib/passwords';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { DEFAULT_SIGN_IN_RULES as rules } from '../../../test/sign-in-defaults';
import {
  attackFromEverywhere,
  ATTACKERS,
  CLASS_PASSWORD,
  expectWholeHallIn,
  GUARD_TEST_ENV,
  hammerOneAccount,
  seedStudents,
  SHARED_ADDRESS_BUDGET,
  SHARED_ADDRESS_ENV,
  signInAs,
  signInHall,
  sprayAccounts,
} from './test-helpers';

// The sign-in rules across two real instances on one PostgreSQL schema and one Redis, at the defaults:
// every count is shared, so a hall whose requests alternate between the instances still gets in
// whole, and an attack spread over both still locks the account for unknown devices.

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`sign-in rules on two instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances(GUARD_TEST_ENV);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs a hall of 300 in through both instances, typos and all, with no refusal', { timeout: 120_000 }, async () => {
    const emails = await seedStudents(pair.database.db, 300, 'two-hall');
    expectWholeHallIn(await signInHall([pair.first, pair.second], emails, '198.51.100.201'));
  });

  it('locks an account attacked through both instances from 100 addresses; its known device still signs in on either', { timeout: 60_000 }, async () => {
    const [owner, classmate] = await seedStudents(pair.database.db, 2, 'two-attack');
    const home = await signInAs(pair.first, { email: owner as string, password: CLASS_PASSWORD, address: '192.0.2.10' });
    expect(home.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    let clock = Date.now();
    const advance = (ms: number) => {
      clock += ms;
      vi.setSystemTime(clock);
    };
    expect(await attackFromEverywhere([pair.first, pair.second], owner as string, advance)).toBe(rules.accountLimit);
    advance(2 * rules.delayMaxMs);
    for (const app of [pair.first, pair.second]) {
      expect((await signInAs(app, { email: owner as string, password: CLASS_PASSWORD, address: '192.0.2.99' })).status).toBe(429);
      expect((await signInAs(app, { email: owner as string, password: CLASS_PASSWORD, address: '192.0.2.10', cookie: home.cookie })).status).toBe(200);
      expect((await signInAs(app, { email: classmate as string, password: CLASS_PASSWORD, address: ATTACKERS[1] as string })).status).toBe(200);
    }
  });
});

describe.skipIf(reason)(`one shared address on two instances, a sign-in budget of ${SHARED_ADDRESS_BUDGET}${reason ? ` (skipped: ${reason})` : ''}`, () => {
  // shared-address.test.ts on one instance; here the budget is counted in Redis, the guard in PostgreSQL.
  const pair = useTwoInstances(SHARED_ADDRESS_ENV);

  it('signs another student behind the address in on either instance after 1,000 wrong passwords for one account', { timeout: 60_000 }, async () => {
    const [victim, neighbour] = await seedStudents(pair.database.db, 2, 'two-shared');
    const nat = '198.51.100.60';
    const before = passwordWorkDone();
    const answers = await hammerOneAccount([pair.first, pair.second], victim as string, nat);
    for (const app of [pair.first, pair.second]) {
      expect((await signInAs(app, { email: neighbour as string, password: CLASS_PASSWORD, address: nat })).status).toBe(200);
    }
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(rules.placeLimit);
    // Both instances run in this process, so the count is theirs together (the neighbour's two included).
    expect(passwordWorkDone() - before).toBe(checked + 2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(1000 - checked);
  });

  it(`checks at most ${SHARED_ADDRESS_BUDGET} of 1,000 wrong passwords spread over 1,000 accounts through both, and refuses the rest`, { timeout: 60_000 }, async () => {
    const emails = await seedStudents(pair.database.db, 1000, 'two-spread');
    const before = passwordWorkDone();
    const answers = await sprayAccounts([pair.first, pair.second], emails, '198.51.100.61');
    expect(passwordWorkDone() - before).toBe(SHARED_ADDRESS_BUDGET);
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(SHARED_ADDRESS_BUDGET);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(1000 - SHARED_ADDRESS_BUDGET);
    for (const answer of refused) expect(answer.message).toBe(SERVER_TEXT.tooManyRequests);
  });
});
