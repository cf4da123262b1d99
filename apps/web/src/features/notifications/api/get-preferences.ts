import { NOTIFICATIONS_PATHS, preferencesAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export function getPreferences() {
  return apiRequest(NOTIFICATIONS_PATHS.preferences, { schema: preferencesAnswerSchema }).then((answer) => answer.data);
}

/** The caller's switches, language and the server's push key; `enabled` lets the shell ask only when it needs them. */
export function usePreferencesQuery(enabled = true) {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: getPreferences, enabled, staleTime: 60_000 });
}
