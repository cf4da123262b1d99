import { describe, expect, it } from 'vitest';
import { SMS_LIMITS, smsParts } from './sms-parts';

const SINHALA_LETTER = 'අ';
const GRINNING_FACE = '😀';

describe('smsParts', () => {
  it('keeps the limits the providers bill by', () => {
    expect(SMS_LIMITS).toEqual({ maxCharacters: 621, gsm7: { single: 160, perPart: 153 }, ucs2: { single: 70, perPart: 67 } });
  });

  it('counts every character of the GSM-7 default alphabet as one septet', () => {
    const alphabet = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect(smsParts(alphabet)).toEqual({ encoding: 'gsm7', characters: alphabet.length, parts: 1 });
  });

  it('counts each extension-table character as two septets', () => {
    expect(smsParts('\f^{}\\[~]|€')).toEqual({ encoding: 'gsm7', characters: 20, parts: 1 });
    expect(smsParts('€'.repeat(80))).toMatchObject({ characters: 160, parts: 1 });
    expect(smsParts(`${'a'.repeat(159)}€`)).toMatchObject({ characters: 161, parts: 2 });
  });

  it('fits 160 septets in one part and 153 in each part of a longer text', () => {
    expect(smsParts('a'.repeat(160)).parts).toBe(1);
    expect(smsParts('a'.repeat(161)).parts).toBe(2);
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
  });

  it('never cuts an escape pair across two parts', () => {
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsParts(text)).toEqual({ encoding: 'gsm7', characters: 306, parts: 3 });
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7', () => {
    expect(smsParts('café').encoding).toBe('gsm7');
    for (const text of ['naïve', 'ça', 'a `quote`', `Paper opens ${SINHALA_LETTER}`]) {
      expect(smsParts(text), text).toMatchObject({ encoding: 'ucs2', characters: text.length });
    }
  });

  it('counts Sinhala in UTF-16 units, the zero-width joiner included: 70 in one part, 67 a part', () => {
    const shri = 'ශ්‍රී';
    expect(shri).toContain('\u200d');
    expect(smsParts(shri)).toEqual({ encoding: 'ucs2', characters: 5, parts: 1 });
    expect(smsParts(SINHALA_LETTER.repeat(70)).parts).toBe(1);
    expect(smsParts(SINHALA_LETTER.repeat(71)).parts).toBe(2);
    expect(smsParts(SINHALA_LETTER.repeat(134)).parts).toBe(2);
    expect(smsParts(SINHALA_LETTER.repeat(135)).parts).toBe(3);
  });

  it('counts a character outside the BMP as two units and never splits its pair', () => {
    expect(smsParts(GRINNING_FACE)).toEqual({ encoding: 'ucs2', characters: 2, parts: 1 });
    const text = `${SINHALA_LETTER.repeat(66)}${GRINNING_FACE}${SINHALA_LETTER.repeat(66)}`;
    expect(smsParts(text)).toEqual({ encoding: 'ucs2', characters: 134, parts: 3 });
  });

  it('answers no part for an empty text', () => {
    expect(smsParts('')).toEqual({ encoding: 'gsm7', characters: 0, parts: 0 });
  });
});
