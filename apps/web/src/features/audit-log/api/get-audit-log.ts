import { AUDIT_LOG_PATHS, auditLogAnswerSchema, type AuditLogQuery } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { auditLogKeys } from './query-keys';

export function getAuditLog(query: AuditLogQuery) {
  return apiRequest(`${AUDIT_LOG_PATHS.entries}${queryString(query)}`, { schema: auditLogAnswerSchema });
}

/**
 * The previous page stays on screen while the next one loads, so the table never jumps. Always
 * read afresh when the screen opens: the log grows with every admin action.
 */
export function useAuditLogQuery(query: AuditLogQuery) {
  return useQuery({ queryKey: auditLogKeys.page(query), queryFn: () => getAuditLog(query), placeholderData: keepPreviousData, staleTime: 0 });
}
