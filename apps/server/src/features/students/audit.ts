import type { AuditTarget } from '../audit-log/service';
import type { AccountChanges, AccountRow } from './repo';

// How the students feature's changes read in the audit log.

/** A student (or an admin's own account), found again by name, e-mail, regNo or id. */
export function accountTarget(row: Pick<AccountRow, 'id' | 'name' | 'email' | 'reg_no' | 'account_type'>): AuditTarget {
  return {
    type: row.account_type === 'admin' ? 'admin' : 'student',
    id: row.id,
    label: row.name,
    keywords: [row.email, row.reg_no],
  };
}

/** Every column an edit can change, as the API names the field. */
export const ACCOUNT_FIELDS: Record<Exclude<keyof AccountChanges, 'email_key'>, string> = {
  name: 'name',
  email: 'email',
  whatsapp_no: 'whatsAppNo',
  additional_no: 'additionalNo',
  district: 'district',
  scl: 'scl',
  address: 'address',
  batch: 'batch',
  class_type: 'classType',
  history_type: 'historyType',
  student_id_img: 'studentIdImg',
  account_state: 'accountState',
  profile_img: 'profileImg',
};
