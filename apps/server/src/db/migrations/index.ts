import type { Migration } from 'kysely';
import * as accounts from './001-accounts';
import * as studentsAdmin from './002-students-admin';
import * as messages from './004-messages';
import * as passwordReset from './006-password-reset';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-students-admin': studentsAdmin,
  '004-messages': messages,
  '006-password-reset': passwordReset,
};
