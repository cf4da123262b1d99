import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@academy/contract';

// The action filter's groups and each action's colour on the screen.

const GROUPS: [string, string[]][] = [
  ['Students', ['student.']],
  ['Class access', ['access.']],
  ['Classes, folders and files', ['class.', 'folder.', 'file.']],
  ['Messages', ['message.']],
  ['Banners', ['banner.']],
  ['Sign-ins and sessions', ['admin.', 'sessions.']],
];

export const ACTION_GROUPS: { label: string; actions: AuditAction[] }[] = GROUPS.map(([label, prefixes]) => ({
  label,
  actions: AUDIT_ACTIONS.filter((action) => prefixes.some((prefix) => action.startsWith(prefix))),
}));

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

export type ActionTone = 'error' | 'success' | 'info' | 'default';

/** Taking away reads red, giving green, changing blue; a sign-in is neutral. */
export function actionTone(action: string): ActionTone {
  if (/(suspend|delete|revoke)/.test(action)) return 'error';
  if (/(reactivate|restore|add|import|grant|create|upload|send|post)/.test(action)) return 'success';
  if (action === 'admin.sign-in') return 'default';
  return 'info';
}
