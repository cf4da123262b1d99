import { NOTIFICATIONS_PATHS, testPushAnswerSchema } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendTestPush() {
  return apiRequest(NOTIFICATIONS_PATHS.testPush, { method: 'POST', schema: testPushAnswerSchema }).then((answer) => answer.data.devices);
}

/** Send a test notification: a push to the caller's own devices (409 with none, 429 past 5 an hour). */
export function useSendTestMutation() {
  return useMutation({ mutationFn: sendTestPush });
}
