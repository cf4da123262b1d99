import { MESSAGES_PATHS, messageAnswerSchema, type MessageBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { upsertMessage } from './message-cache';

export function sendMessage(body: MessageBody) {
  return apiRequest(MESSAGES_PATHS.send, { method: 'POST', body, schema: messageAnswerSchema });
}

/** The sent message shows in the list at once; the live event that follows finds it there. */
export function useSendMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: (answer) => upsertMessage(queryClient, answer.data) });
}
