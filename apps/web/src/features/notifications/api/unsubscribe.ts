import { NOTIFICATIONS_PATHS, unsubscribeAnswerSchema } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function unsubscribe(token: string) {
  const path = NOTIFICATIONS_PATHS.unsubscribe.replace(':token', encodeURIComponent(token));
  return apiRequest(path, { method: 'POST', body: {}, schema: unsubscribeAnswerSchema }).then((answer) => answer.data.kind);
}

/** The e-mail footer's Stop these e-mails: the token turns one kind's e-mail off, signed in or not. */
export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}
