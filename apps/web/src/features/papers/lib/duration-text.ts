import { t } from 'i18next';
import { formatNumber } from '../../../i18n/format';

/** A time taken or a period away, as a reader says it: '1 h 12 min', '42 min 10 s', '35 s'. */
export function durationText(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  if (hours > 0) return t('papersResults.durationHours', { hours: formatNumber(hours), minutes });
  if (minutes > 0) return t('papersResults.durationMinutes', { minutes, seconds });
  return t('papersResults.durationSeconds', { seconds });
}
