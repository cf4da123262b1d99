import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATION_TEMPLATES, SERVER_TEXT, signInRetryMessage } from '@academy/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { translateServerMessage, keyOfServerSentence } from './server-text';
import { si } from './si';

// A missing word shows as a raw key on the screen, so a missing key fails here: in either
// dictionary, for any key the code names, and for any sentence the server can answer.

const DICTIONARIES = { en, si } as const;
const SECTIONS = Object.keys(en);
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/**
 * A word, a plural (i18next writes 'views' as 'views_one' and 'views_other'), or a branch read
 * whole with returnObjects (the registration labels).
 */
function exists(keys: Map<string, string>, key: string): boolean {
  return keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`)) || [...keys.keys()].some((k) => k.startsWith(`${key}.`));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'i18n' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * Every dictionary key the code names: t('a.b'), and keys kept in constants ('shell.home') that are
 * read with t() later. A template key (t(`lists.state.${x}`)) is checked up to its first '${'.
 */
function keysInCode(): { key: string; file: string; prefix: boolean }[] {
  const found: { key: string; file: string; prefix: boolean }[] = [];
  const sections = SECTIONS.join('|');
  const literal = new RegExp(`['\`]((?:${sections})\\.[A-Za-z0-9_.&\\- ]+?)(\\$\\{|['\`])`, 'g');
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(literal)) {
      const key = match[1] ?? '';
      // File names such as 'students.csv' share the look of a key.
      if (/\.(csv|json|pdf|mp4|png|svg|webp)$/.test(key)) continue;
      found.push({ key: key.replace(/\.$/, ''), file: path.relative(srcDir, file), prefix: match[2] === '${' });
    }
  }
  return found;
}

describe('the dictionaries', () => {
  const english = leaves(en);

  it('have the same keys in every language', () => {
    for (const [language, dictionary] of Object.entries(DICTIONARIES)) {
      const keys = [...leaves(dictionary).keys()].sort();
      expect(keys, language).toEqual([...english.keys()].sort());
    }
  });

  it('have words for every key: none empty, and Sinhala written in Sinhala', () => {
    // Names and codes that read the same in both languages.
    const same = new Set(['messages.linkPlaceholder', 'messages.authorInitials', 'passwordReset.otp', 'lists.provider.Google', 'validation.fieldMessage', 'notifications.columnSms', 'fees.methodPayhere']);
    for (const [key, words] of leaves(si)) {
      expect(words.trim(), key).not.toBe('');
      if (!same.has(key)) expect(words, key).toMatch(/[\u0D80-\u0DFF]/);
    }
  });

  it('have every key the code uses, in every language', () => {
    const used = keysInCode();
    expect(used.length).toBeGreaterThan(300);
    for (const [language, dictionary] of Object.entries(DICTIONARIES)) {
      const keys = leaves(dictionary);
      for (const { key, file, prefix } of used) {
        const known = prefix ? [...keys.keys()].some((k) => k.startsWith(key)) : exists(keys, key);
        expect(known, `${language}: '${key}' (${file})`).toBe(true);
      }
    }
  });
});

describe("the notifications' templates (the bell renders them in the reader's language)", () => {
  const slots = (text: string) => [...text.matchAll(/\{\{[#/]?(\w+)\}\}/g)].map((match) => match[0]).sort();

  it('are written in Sinhala, with the same words to fill in as English', () => {
    for (const [kind, { en: english, si: sinhala }] of Object.entries(NOTIFICATION_TEMPLATES)) {
      for (const [part, text] of Object.entries(sinhala)) {
        const name = `${kind} ${part}`;
        expect(slots(text), name).toEqual(slots(english[part as keyof typeof english]));
        // An announcement's body is its own words, in whatever language the admin wrote them.
        if (text.replace(/\{\{[^}]+\}\}/g, '').trim() !== '') expect(text, name).toMatch(/[\u0D80-\u0DFF]/);
      }
    }
  });
});

describe('server messages', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'si', fallbackLng: 'en', resources: { en: { translation: en }, si: { translation: si } }, interpolation: { escapeValue: false } });
  });

  it('each SERVER_TEXT sentence has a key, and reads in Sinhala', () => {
    for (const [name, sentence] of Object.entries(SERVER_TEXT)) {
      expect(keyOfServerSentence(sentence), name).toBeDefined();
      const shown = translateServerMessage(sentence);
      expect(shown, name).not.toBe(sentence);
      expect(shown, name).toMatch(/[\u0D80-\u0DFF]/);
    }
  });

  it('translates a field refusal after its field name, and sentences with numbers', () => {
    expect(translateServerMessage('email must be a valid e-mail address')).toBe(`email ${si.validation.validEmail}`);
    expect(translateServerMessage('The OTP is not correct. 3 tries left.')).toBe('OTP කේතය වැරදියි. තව උත්සාහයන් 3 ක් ඉතිරියි.');
    expect(translateServerMessage('name must be at most 120 characters')).toBe('name අක්ෂර 120 කට වඩා නොවිය යුතුය');
  });

  it("says when a refused sign-in may try again, in the reader's language, for every wait", () => {
    for (const seconds of [1, 45, 60, 61, 900]) {
      const shown = translateServerMessage(signInRetryMessage(seconds));
      const count = seconds < 60 ? seconds : Math.ceil(seconds / 60);
      expect(shown).toBe(`අසාර්ථක පිවිසුම් උත්සාහයන් වැඩියි. ${seconds < 60 ? 'තත්පර' : 'මිනිත්තු'} ${count} කින් නැවත උත්සාහ කරන්න.`);
    }
    expect(i18next.t('server.retryInMinutes', { lng: 'en', count: 15 })).toBe(signInRetryMessage(900));
    expect(i18next.t('server.retryInSeconds', { lng: 'en', count: 1 })).toBe(signInRetryMessage(1));
  });

  it('shows a sentence it does not know as the server sent it', () => {
    expect(translateServerMessage('Something new from a later server')).toBe('Something new from a later server');
  });
});
