import type { AuditLogQuery } from '@academy/contract';

/** Cache keys of the audit-log calls; 'audit-log' first so one invalidation reaches them all. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (query: AuditLogQuery) => ['audit-log', 'entries', query] as const,
  admins: ['audit-log', 'admins'] as const,
};
