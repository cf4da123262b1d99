import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { confidenceWords } from './confidence';

// The evidence is never shown as stronger than it is: cut, not rounded, and odds at or below the real ones.

describe("a trace's confidence in words", () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  });

  it('cuts the percentage rather than round it up to a certainty', () => {
    expect(confidenceWords(0.99999996).percent).toBe('99.9999%');
    expect(confidenceWords(0.999999).percent).toBe('99.9999%');
    expect(confidenceWords(0.99995).percent).toBe('99.995%');
    expect(confidenceWords(1).percent).toBe('99.9999%');
  });

  it('gives the odds of another stream matching as a power of ten no larger than they are', () => {
    expect(confidenceWords(0.9999995).odds).toBe("The chance that another student's stream matches this copy as well is below 1 in 1,000,000");
    expect(confidenceWords(0.9995).odds).toMatch(/below 1 in 1,000$/);
    expect(confidenceWords(1).odds).toMatch(/below 1 in 1,000,000$/);
  });

  it('names the strength of the evidence', () => {
    expect(confidenceWords(0.9999999).strength).toBe('Beyond reasonable doubt');
    expect(confidenceWords(0.9995).strength).toBe('Strong evidence');
    expect(confidenceWords(0.9).strength).toBe('Weak evidence');
  });
});
