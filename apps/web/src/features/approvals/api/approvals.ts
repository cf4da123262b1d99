import { approvalAnswerSchema, APPROVALS_PATHS, approvalsAnswerSchema, SECURITY_ALERTS_PATHS, securityAlertsAnswerSchema } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The admins' Security screen: deletions waiting for a second admin, and the security alerts.

export const approvalKeys = { all: ['approvals'] as const, alerts: ['security-alerts'] as const };

const withApproval = (path: string, approvalId: string) => path.replace(':approvalId', encodeURIComponent(approvalId));

export function useApprovalsQuery() {
  return useQuery({ queryKey: approvalKeys.all, queryFn: () => apiRequest(APPROVALS_PATHS.list, { schema: approvalsAnswerSchema }).then((answer) => answer.data) });
}

export function useSecurityAlertsQuery() {
  return useQuery({ queryKey: approvalKeys.alerts, queryFn: () => apiRequest(SECURITY_ALERTS_PATHS.list, { schema: securityAlertsAnswerSchema }).then((answer) => answer.data) });
}

/** Approving carries the deletion out, so the approver's password travels with it (ASVS 3.7.1). */
export function useApproveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approvalId, password }: { approvalId: string; password: string }) =>
      apiRequest(withApproval(APPROVALS_PATHS.approve, approvalId), { method: 'POST', body: { password }, schema: approvalAnswerSchema }),
    // The deletion changed the students list or the classes too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeclineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approvalId: string) => apiRequest(withApproval(APPROVALS_PATHS.decline, approvalId), { method: 'POST', schema: approvalAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
