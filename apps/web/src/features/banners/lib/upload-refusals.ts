import { t } from 'i18next';
import { BANNER_FIELDS } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';

/**
 * What to tell the admin when a call failed: the server names refused files by their field
 * ('image2: Only JPEG, PNG or WebP images are accepted'); the admin knows them by their names.
 */
export function refusalMessages(error: unknown, sentNames: string[] = []): string[] {
  if (!(error instanceof ApiError)) return [t('alert.somethingWentWrong')];
  const files = error.fieldErrors.filter((item) => (BANNER_FIELDS as readonly string[]).includes(item.field));
  if (files.length === 0) return [error.message];
  return files.map((item) => {
    const name = sentNames[(BANNER_FIELDS as readonly string[]).indexOf(item.field)];
    return name ? `${name}: ${item.message.replace(`${item.field}: `, '')}` : item.message;
  });
}
