import { MESSAGES_PATHS, messageAnswerSchema, type MessageBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../../../lib/api-path';
import { upsertMessage } from './message-cache';

export function updateMessage({ id, body }: { id: string; body: MessageBody }) {
  return apiRequest(withId(MESSAGES_PATHS.update, id), { method: 'PUT', body, schema: messageAnswerSchema });
}

export function useUpdateMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMessage, onSuccess: (answer) => upsertMessage(queryClient, answer.data) });
}
