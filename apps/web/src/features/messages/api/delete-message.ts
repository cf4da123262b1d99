import { MESSAGES_PATHS, noDataAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../../../lib/api-path';
import { removeMessage } from './message-cache';

export function deleteMessage(id: string) {
  return apiRequest(withId(MESSAGES_PATHS.remove, id), { method: 'DELETE', schema: noDataAnswerSchema });
}

export function useDeleteMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMessage, onSuccess: (_answer, id) => removeMessage(queryClient, id) });
}
