import { PAPERS_TEXT } from '@academy/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { translateServerMessage } from '../../../i18n/server-text';
import { si } from '../../../i18n/si';
import { serverProblems } from './paper-form-errors';
import { fieldProblemWords, listedProblemWords } from './problem-words';

describe("the editor's refusals in words", () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en }, si: { translation: si } }, interpolation: { escapeValue: false } });
  });

  it("maps the server's questions.N fields to Question N+1, and its sentences to the editor's words", async () => {
    await i18next.changeLanguage('en');
    const [key, option, close] = serverProblems([
      { field: 'questions.3.correct', message: `questions.3.correct ${PAPERS_TEXT.correctInOptions}` },
      { field: 'questions.0.options.1', message: 'questions.0.options.1 is required' },
      { field: 'closesAt', message: `closesAt ${PAPERS_TEXT.closeAfterOpen}` },
    ]);
    expect(listedProblemWords(key!)).toBe('Question 4: Correct option must be chosen: mark one option as correct');
    expect(listedProblemWords(option!)).toBe('Question 1: Option B is required');
    expect(fieldProblemWords(option!)).toBe('Option B is required');
    expect(listedProblemWords(close!)).toBe('Closes at must be at least a minute after the opening time');
  });

  it('says the limits the contract names, in Sinhala too', async () => {
    await i18next.changeLanguage('si');
    expect(listedProblemWords({ path: 'questions.1.marks', sentence: 'must be a whole number from 1 to 100' })).toBe(
      'ප්‍රශ්නය 2: ලකුණු 1 සිට 100 දක්වා පූර්ණ සංඛ්‍යාවක් විය යුතුය',
    );
  });

  it("words an import's row reasons, those with column names in them included", async () => {
    await i18next.changeLanguage('si');
    expect(translateServerMessage(PAPERS_TEXT.rowCorrectInvalid)).toBe(si.papers.rowCorrectInvalid);
    expect(translateServerMessage('question is longer than 1,500 characters')).toBe('question අක්ෂර 1,500 කට වඩා දිගයි');
    expect(translateServerMessage('option4 is filled but option3 is empty')).toBe('option4 පුරවා ඇති නමුත් option3 හිස්ය');
    expect(translateServerMessage('option2 and option3 are the same')).toBe('option2 සහ option3 එකමය');
  });
});
