import { NOTIFICATIONS_PATHS, preferencesAnswerSchema, type PreferencesUpdateBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export function updatePreferences(body: PreferencesUpdateBody) {
  return apiRequest(NOTIFICATIONS_PATHS.preferences, { method: 'PUT', body, schema: preferencesAnswerSchema }).then((answer) => answer.data);
}

/** A switch or the language saved: the answer is the whole record, so it replaces the cached one. */
export function useUpdatePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
}
