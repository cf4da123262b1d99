import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '@academy/contract';
import { t } from 'i18next';
import { underscored } from '../../../i18n/underscored-keys';

// The action filter's groups and each action's colour on the screen.

const GROUPS = [
  ['students', ['student.']],
  ['access', ['access.']],
  ['classes', ['class.', 'folder.', 'file.']],
  ['messages', ['message.']],
  ['banners', ['banner.']],
  ['papers', ['paper.']],
  ['fees', ['fee.']],
  ['approvals', ['approval.']],
  ['signIns', ['admin.', 'sessions.']],
] as const;

/** Each group's `label` is a dictionary key, read when the filter renders. */
export const ACTION_GROUPS = GROUPS.map(([group, prefixes]) => ({
  label: `auditLog.groups.${group}` as const,
  actions: AUDIT_ACTIONS.filter((action) => prefixes.some((prefix: string) => action.startsWith(prefix))) as AuditAction[],
}));

export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`auditLog.actions.${underscored(action as AuditAction)}`) : action;
}

export function targetTypeLabel(type: string): string {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(type) ? t(`auditLog.targets.${type as AuditTargetType}`) : type;
}

export type ActionTone = 'error' | 'success' | 'info' | 'default';

/** Taking away reads red, giving green, changing blue; a sign-in is neutral. */
export function actionTone(action: string): ActionTone {
  if (/(suspend|delete|revoke)/.test(action)) return 'error';
  if (/(reactivate|restore|add|import|grant|create|upload|send|post)/.test(action)) return 'success';
  if (action === 'admin.sign-in') return 'default';
  return 'info';
}
