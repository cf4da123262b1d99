import { t } from 'i18next';
import { formatNumber, formatPercentDown } from '../../../i18n/format';

/** Decimals of the percentage; a confidence of 1 still reads 99.9999 %: evidence is never certainty. */
const PERCENT_DIGITS = 4;
const HIGHEST_SHOWN = 1 - 10 ** -(PERCENT_DIGITS + 2);
/** The largest '1 in N' the screen claims, as far as the percentage goes: the server promises no more. */
const MAX_ODDS = 10 ** (PERCENT_DIGITS + 2);

/**
 * A trace's confidence (1 − the chance that a student who did not stream the copy matches it as
 * well) as a percentage and in plain words: how strong the evidence is, and the odds behind it.
 */
export function confidenceWords(confidence: number): { percent: string; strength: string; odds: string } {
  const chance = 1 - confidence;
  const odds = chance <= 1 / MAX_ODDS ? MAX_ODDS : 10 ** Math.floor(Math.log10(1 / chance));
  const strength =
    confidence >= 0.999999 ? t('forensics.strengthVeryStrong') : confidence >= 0.999 ? t('forensics.strengthStrong') : t('forensics.strengthWeak');
  return {
    percent: formatPercentDown(Math.min(confidence, HIGHEST_SHOWN), PERCENT_DIGITS),
    strength,
    odds: t('forensics.odds', { odds: formatNumber(odds) }),
  };
}
