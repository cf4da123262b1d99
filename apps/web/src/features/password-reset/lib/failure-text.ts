import { t } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** What to say when a call failed: the server's own sentence, or the spec's fallback for a dead request. */
export function failureText(error: Error): string {
  return error instanceof ApiError ? error.message : t('alert.somethingWentWrong');
}
