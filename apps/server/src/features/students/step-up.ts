import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { securityLogOf, type StepUpAction } from '../../lib/security-events';
import { currentAccount } from '../../plugins/auth';
import { confirmOwnPassword } from './current-password';

/**
 * Asks the calling admin's own password again before a risky action on students (ASVS 3.7.1):
 * a stolen admin session alone cannot move a student's reset codes to another address, take
 * every student's contact details, or lock a student out by suspending or deleting them. Missing: 400 naming `password`; wrong: counted and refused as
 * for ending sessions (current-password.ts). These routes spend their own budget on every request
 * before the hash, so the check spends no sign-in budget of its own.
 */
export async function confirmAdminPassword(db: Db, request: FastifyRequest, password: string | undefined, action: StepUpAction): Promise<void> {
  if (password === undefined) throw errors.field('password', 'password is required');
  const caller = currentAccount(request);
  await confirmOwnPassword(db, caller.id, password, {
    spendBudget: async () => {},
    refused: (reason) =>
      securityLogOf(request)({ security: 'step-up', outcome: 'failure', reason, accountId: caller.id, sessionId: caller.sessionId, action }),
  });
}
