import { formatNumber } from '../../../i18n/format';

/** A percentage the server gave (to one decimal), as both languages write it: '68.5%'; none reads '–'. */
export function percentText(value: number | null): string {
  return value === null ? '–' : `${formatNumber(value)}%`;
}
