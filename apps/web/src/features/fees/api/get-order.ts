import { FEES_PATHS, orderStateAnswerSchema, type OrderState } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** How often the return page asks, and for how long before it says PayHere has not answered (fees.md 'End to end', step 6). */
export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_FOR_MS = 2 * 60 * 1000;

/** The states after which nothing more will change without an admin: paid, canceled, failed, charged back. */
const FINAL_STATES: readonly OrderState[] = ['paid', 'canceled', 'failed', 'charged-back'];

export function isFinalOrderState(state: OrderState): boolean {
  return FINAL_STATES.includes(state);
}

export function getOrder(orderId: string) {
  return apiRequest(fillPath(FEES_PATHS.order, { orderId }), { schema: orderStateAnswerSchema }).then((answer) => answer.data);
}

/**
 * The order as the server has it, asked again every 2 s while it is not final, until `pollUntil`
 * (the page's start plus 2 minutes): the page shows the server's state, never PayHere's return.
 */
export function useOrderQuery(orderId: string, pollUntil: number) {
  return useQuery({
    queryKey: feeKeys.order(orderId),
    queryFn: () => getOrder(orderId),
    enabled: orderId !== '',
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (query.state.error || (state && isFinalOrderState(state))) return false;
      return Date.now() < pollUntil ? ORDER_POLL_MS : false;
    },
    // A tab in the background still learns of the payment.
    refetchIntervalInBackground: true,
  });
}
