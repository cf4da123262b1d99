import { FEES_PATHS, freeCardAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';
import { fillPath } from '../../../lib/api-path';

/** Ends a free card with the current month; the months it already covered stay. */
export function endFreeCard(cardId: string) {
  return apiRequest(fillPath(FEES_PATHS.freeCardEnd, { cardId }), { method: 'POST', schema: freeCardAnswerSchema }).then((answer) => answer.data);
}

export function useEndFreeCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endFreeCard, onSuccess: () => queryClient.invalidateQueries({ queryKey: feeKeys.all }) });
}
