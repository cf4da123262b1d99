import { AUDIT_LOG_PATHS, auditAdminsAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditLogKeys } from './query-keys';

export function getAuditAdmins() {
  return apiRequest(AUDIT_LOG_PATHS.admins, { schema: auditAdminsAnswerSchema });
}

/** The admins for the admin filter: a short list that hardly changes. */
export function useAuditAdminsQuery() {
  return useQuery({ queryKey: auditLogKeys.admins, queryFn: getAuditAdmins, select: (answer) => answer.data, staleTime: 5 * 60_000 });
}
