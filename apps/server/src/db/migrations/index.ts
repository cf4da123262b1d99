import type { Migration } from 'kysely';
import * as accounts from './001-accounts';
import * as studentsAdmin from './002-students-admin';
import * as classMaterial from './003-class-material';
import * as messages from './004-messages';
import * as banners from './005-banners';
import * as passwordReset from './006-password-reset';
import * as sessions from './007-sessions';
import * as auditLog from './008-audit-log';
import * as signInGuard from './009-sign-in-guard';
import * as jobs from './010-jobs';
import * as lessons from './011-lessons';
import * as watching from './012-watching';
import * as forensics from './013-forensics';
import * as papers from './014-papers';
import * as notifications from './015-notifications';
import * as fees from './016-fees';
import * as answerScripts from './017-answer-scripts';
import * as adminMfa from './018-admin-mfa';
import * as temporaryPasswords from './019-temporary-passwords';
import * as privacy from './020-privacy';
import * as alertsAndApprovals from './021-alerts-and-approvals';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-students-admin': studentsAdmin,
  '003-class-material': classMaterial,
  '004-messages': messages,
  '005-banners': banners,
  '006-password-reset': passwordReset,
  '007-sessions': sessions,
  '008-audit-log': auditLog,
  '009-sign-in-guard': signInGuard,
  '010-jobs': jobs,
  '011-lessons': lessons,
  '012-watching': watching,
  '013-forensics': forensics,
  '014-papers': papers,
  '015-notifications': notifications,
  '016-fees': fees,
  '017-answer-scripts': answerScripts,
  '018-admin-mfa': adminMfa,
  '019-temporary-passwords': temporaryPasswords,
  '020-privacy': privacy,
  '021-alerts-and-approvals': alertsAndApprovals,
};
