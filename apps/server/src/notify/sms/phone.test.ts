import { describe, expect, it } from 'vitest';
import { maskedMobile, sriLankanMobile } from './phone';

describe('sriLankanMobile', () => {
  it.each([
    ['0771234567'],
    ['077 123 4567'],
    ['077-123-4567'],
    ['+94771234567'],
    ['+94 77 123 4567'],
    ['+94-77-123-4567'],
    ['0094771234567'],
    ['00 94 77 123 4567'],
    ['94771234567'],
    ['  0771234567  '],
  ])('turns %j into 94771234567', (raw) => {
    expect(sriLankanMobile(raw)).toBe('94771234567');
  });

  it('accepts every mobile prefix of the 07 range', () => {
    for (const prefix of ['070', '071', '072', '074', '075', '076', '077', '078']) {
      expect(sriLankanMobile(`${prefix}1234567`)).toBe(`94${prefix.slice(1)}1234567`);
    }
  });

  it.each([
    ['a landline', '0112345678'],
    ['a landline in international form', '+94112345678'],
    ['a number one digit short', '077123456'],
    ['a number one digit long', '07712345678'],
    ['a mobile without its leading 0', '771234567'],
    ['a foreign mobile', '+447700900123'],
    ['another country code before a 7', '+95771234567'],
    ['letters', '077 ABC 4567'],
    ['brackets and dots', '(077) 123.4567'],
    ['a doubled plus', '++94771234567'],
    ['nothing', ''],
  ])('refuses %s', (_what, raw) => {
    expect(sriLankanMobile(raw)).toBeNull();
  });
});

describe('maskedMobile', () => {
  it('shows the operator prefix and the last four digits only', () => {
    expect(maskedMobile('94771234567')).toBe('077 ••• 4567');
    expect(maskedMobile(sriLankanMobile('+94 70 555 0199') as string)).toBe('070 ••• 0199');
  });
});
