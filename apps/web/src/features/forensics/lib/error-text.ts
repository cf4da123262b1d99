import { t } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** The server's message for a refusal (in the reader's language), or the spec's fallback when the request itself failed. */
export function errorText(error: Error): string {
  return error instanceof ApiError ? error.message : t('alert.somethingWentWrongBang');
}
