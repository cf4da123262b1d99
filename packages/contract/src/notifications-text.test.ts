import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, NOTIFICATION_LANGUAGES } from './notifications';
import { fillTemplate, NOTIFICATION_TEMPLATES } from './notifications-text';
import { smsParts } from './sms-parts';

// The SMS words a kind carries are fixed or short (a month, a time, a due day), here at their longest:
// notifications.md keeps English to one part and Sinhala to two.
const SMS_WORDS = { month: 'September 2026', time: '10:30 AM', dueOn: '30 September' };

describe('notification templates', () => {
  it('fill words and keep a section only when its word is given', () => {
    const body = NOTIFICATION_TEMPLATES['results.released'].en.body;
    expect(fillTemplate(body, { title: 'Paper 3' })).toBe('Your results for Paper 3 are ready.');
    expect(fillTemplate(body, { title: 'Paper 3', withScript: 'yes' })).toBe('Your results for Paper 3 and your marked script are ready.');
  });

  it.each(NOTIFICATION_KINDS)('%s has every text in both languages, and its SMS fits its parts', (kind) => {
    for (const language of NOTIFICATION_LANGUAGES) {
      const template = NOTIFICATION_TEMPLATES[kind][language];
      for (const text of Object.values(template)) expect(text.trim()).not.toBe('');
      const parts = smsParts(fillTemplate(template.sms, SMS_WORDS));
      expect(parts.parts).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
      expect(template.sms).not.toMatch(/https?:|www\./);
    }
  });
});
