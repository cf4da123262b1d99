import { NOTIFICATION_KINDS, NOTIFICATION_LANGUAGES } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { renderNotification } from './render-notification';

describe('renderNotification', () => {
  it("writes an announcement's excerpt under its title, in English and Sinhala", () => {
    const item = { kind: 'message.new' as const, params: { excerpt: 'Theory class moves to Hall B' } };
    expect(renderNotification(item, 'en')).toEqual({ title: 'New announcement', body: 'Theory class moves to Hall B' });
    expect(renderNotification(item, 'si')).toEqual({ title: 'නව නිවේදනයක්', body: 'Theory class moves to Hall B' });
  });

  it("fills a lesson's class and title into the sentence of each language", () => {
    const item = { kind: 'lesson.new' as const, params: { className: '2026 Theory', title: 'Anuradhapura kings' } };
    expect(renderNotification(item, 'en')).toEqual({ title: 'New lesson in 2026 Theory', body: 'Anuradhapura kings is ready to watch.' });
    expect(renderNotification(item, 'si')).toEqual({ title: '2026 Theory සඳහා නව පාඩමක්', body: 'Anuradhapura kings දැන් නැරඹිය හැක.' });
  });

  it('keeps a part only when its word is given', () => {
    const plain = { kind: 'results.released' as const, params: { title: 'Paper 3' } };
    expect(renderNotification(plain, 'en').body).toBe('Your results for Paper 3 are ready.');
    expect(renderNotification({ ...plain, params: { title: 'Paper 3', withScript: 'yes' } }, 'en').body).toBe(
      'Your results for Paper 3 and your marked script are ready.',
    );
  });

  it('shows words as they are: markup in a word stays text, and a word that looks like a slot is not filled again', () => {
    const item = { kind: 'lesson.new' as const, params: { className: '<b>{{title}}</b>', title: 'x' } };
    expect(renderNotification(item, 'en').title).toBe('New lesson in <b>{{title}}</b>');
  });

  it('renders every kind in both languages with no slot left unfilled', () => {
    const words = { excerpt: 'e', className: 'c', title: 't', time: '10:00 AM', month: 'November', receiptNo: 'R-1', amount: 'LKR 2,500', withScript: 'yes', slip: 'yes' };
    for (const kind of NOTIFICATION_KINDS) {
      for (const language of NOTIFICATION_LANGUAGES) {
        const { title, body } = renderNotification({ kind, params: words }, language);
        expect(title, `${kind} ${language}`).not.toBe('');
        expect(`${title} ${body}`, `${kind} ${language}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });
});
