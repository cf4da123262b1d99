import { FEES_PATHS, orderAnswerSchema, type OrderBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/**
 * An order for one month of one class (`folderId` is the class or any folder in it): the server
 * fixes its amount and answers the checkout form PayHere takes. No amount is ever sent from here.
 */
export function createOrder(body: OrderBody) {
  return apiRequest(FEES_PATHS.orders, { method: 'POST', body, schema: orderAnswerSchema }).then((answer) => answer.data);
}

export function useCreateOrderMutation() {
  const queryClient = useQueryClient();
  // An earlier order of the month is superseded: the student's months are read again.
  return useMutation({ mutationFn: createOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.mine }) });
}
