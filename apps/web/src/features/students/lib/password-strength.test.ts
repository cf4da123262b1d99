import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 'tooShort'],
    ['abcdefghijk', 'tooShort'],
    ['Xk9!Xk9!Xk9', 'tooShort'],
  ])('calls %o too short: the server asks for 12 characters', (password, level) => {
    expect(passwordStrength(password)).toEqual({ level, score: 0 });
  });

  it.each([
    ['aaaaaaaaaaaa', 'a run of one character'],
    ['abcdefghijkl', 'the alphabet in order'],
    ['123456789012', 'digits in order'],
    ['qwerty123456', 'a keyboard row and digits'],
    ['Password1234', 'a well-known word and digits'],
    ['srilanka2026', 'the country and a year'],
  ])('calls %o weak (%s), long enough as it is', (password) => {
    expect(passwordStrength(password).level).toBe('weak');
  });

  it('rates a known word with a few others as fair, not strong', () => {
    expect(passwordStrength('history-12ch').level).toBe('fair');
  });

  it('rates twelve unpredictable lowercase letters as good, and sixteen mixed characters as strong', () => {
    expect(passwordStrength('mvkrtpxwqzjd').level).toBe('good');
    expect(passwordStrength('Tq7#vR2m!pL9@xWz')).toEqual({ level: 'strong', score: 4 });
  });

  it('rates a passphrase of unrelated words as strong', () => {
    expect(passwordStrength('river-mango-lantern-seven').level).toBe('strong');
  });

  it('counts Sinhala letters as drawn from a large alphabet', () => {
    expect(passwordStrength('මගේ ගම මාතර ඉස්කෝලේ').level).toBe('strong');
  });

  it('scores higher as the password gets harder', () => {
    const scores = ['aaaaaaaaaaaa', 'history-12ch', 'mvkrtpxwqzjd', 'Tq7#vR2m!pL9@xWz'].map((p) => passwordStrength(p).score);
    expect(scores).toEqual([1, 2, 3, 4]);
  });
});
