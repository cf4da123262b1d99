import { FEES_PATHS, freeCardAnswerSchema, type FreeCardBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';

/** Gives a student a full or half free card in one class, from a month, to a month or the class year's end. */
export function createFreeCard(body: FreeCardBody) {
  return apiRequest(FEES_PATHS.freeCards, { method: 'POST', body, schema: freeCardAnswerSchema }).then((answer) => answer.data);
}

export function useCreateFreeCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFreeCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}
