import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthAlreadyPaidMessage, monthNotPaidMessage, payherePendingMessage, slipDecidedMessage, slipWaitingMessage } from '@academy/contract';
import { en } from '../../../i18n/en';
import { translateServerMessage } from '../../../i18n/server-text';
import { si } from '../../../i18n/si';
import { monthLabel } from './months';

// The fees' refusals name months in English (fees-text.ts builds them); the web says each in the
// reader's language, its months by Intl (i18n/server-text.ts matches them by pattern).

beforeAll(async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en }, si: { translation: si } }, interpolation: { escapeValue: false } });
});

describe("the fees' sentences with months in them", () => {
  it('read as sent in English', async () => {
    await i18next.changeLanguage('en');
    expect(translateServerMessage(monthNotPaidMessage('2026-11'))).toBe('November 2026 is not paid yet');
    expect(translateServerMessage(monthAlreadyPaidMessage(['2026-11', '2026-12']))).toBe('November 2026, December 2026 is already paid.');
  });

  it('read in Sinhala, months and all', async () => {
    await i18next.changeLanguage('si');
    try {
      const november = monthLabel('2026-11', 'si');
      expect(translateServerMessage(monthNotPaidMessage('2026-11'))).toBe(`${november} තවම ගෙවා නැත`);
      expect(translateServerMessage(slipWaitingMessage(['2026-11']))).toBe(`${november} සඳහා බැංකු රිසිට්පතක් සමාලෝචනය එනතුරු බලා සිටී.`);
      expect(translateServerMessage(payherePendingMessage('2026-11'))).toBe(`PayHere තවමත් ${november} සඳහා ගෙවීමක් සකසමින් පවතී.`);
      expect(translateServerMessage(slipDecidedMessage('rejected', 'Nimal', '2026-12-03'))).toBe('මෙම රිසිට්පත 3 Dec දින Nimal විසින් ප්‍රතික්ෂේප කරන ලදී.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
