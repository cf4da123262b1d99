// A refused or failed call, as every screen says it: the server's sentence, or the spec's fallback
// when the request itself failed. Kept apart from lib/alerts.ts, which the login page loads: ApiError
// brings zod along.

import { t } from 'i18next';
import { ApiError } from './api-client';
import { alerts } from './alerts';

/** The server's messages for a refusal, or the spec's fallback when the request itself failed. */
export function failureText(error: Error): string {
  return error instanceof ApiError ? error.message : t('alert.somethingWentWrongBang');
}

/** Spec section 8: a failure title with the server's messages joined by commas. */
export function showFailure(title: string, error: Error): void {
  void alerts.error({ title, text: failureText(error) });
}
