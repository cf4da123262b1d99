import { NOTIFICATIONS_PATHS, smsUsageAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export function getSmsUsage() {
  return apiRequest(NOTIFICATIONS_PATHS.smsUsage, { schema: smsUsageAnswerSchema }).then((answer) => answer.data);
}

/** The month's SMS parts against the academy's cap (admins). */
export function useSmsUsageQuery() {
  return useQuery({ queryKey: notificationKeys.smsUsage, queryFn: getSmsUsage, staleTime: 0 });
}
