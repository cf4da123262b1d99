import { t } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';

/** Spec section 8 'Updating Fail !' / 'Password Change Fail !': the server's messages, joined by commas. */
export function showFailure(title: string, error: Error): void {
  const text = error instanceof ApiError ? error.message : t('alert.somethingWentWrongBang');
  void alerts.error({ title, text });
}
