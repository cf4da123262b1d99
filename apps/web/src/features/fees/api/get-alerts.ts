import { FEES_PATHS, feeAlertsAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { feeKeys } from './query-keys';

/** Chargebacks, amounts that did not match, payments made twice and copied slips: the open ones, or all. */
export function getAlerts(open: boolean) {
  return apiRequest(`${FEES_PATHS.alerts}${queryString({ open: open ? 'true' : undefined })}`, { schema: feeAlertsAnswerSchema }).then((answer) => answer.data);
}

export function useAlertsQuery(open: boolean) {
  return useQuery({ queryKey: feeKeys.alerts(open), queryFn: () => getAlerts(open) });
}
