// No key before release (papers.md 'Integrity'): nothing a student is answered by the sitting
// calls, the paper itself or the folder listing carries a key, an explanation or marks earned,
// before the start, while sitting and after the hand-in. Checked by property names anywhere in
// the answer and by explanation texts that must never appear.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAPER_MIME_TYPE, type DriveListingAnswer, type QuestionBody } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { folderContent } from '../class-material/test-helpers';
import { choose, getQuestions, handIn, newDeviceKey, sendSaves, startPaper, startSitting } from './sitting-helpers';
import { createPaper, paperClass, paperRequest } from './test-helpers';

/** Names no answer to a student may carry before release, wherever they appear. */
const FORBIDDEN = ['correct', 'isKey', 'key', 'keyOptionId', 'explanation', 'awarded', 'percentage'];

/**
 * Every forbidden property in a JSON value, by its path: `marks` is allowed only as a question's
 * worth, and `review` only as the paper's setting (a level), never a result's review.
 */
function leaks(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaks(item, `${path}.${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => {
    const at = `${path}.${name}`;
    const forbidden =
      FORBIDDEN.includes(name) ||
      name.endsWith('Rank') ||
      (name === 'marks' && !/\.questions\.\d+$/.test(path)) ||
      (name === 'review' && typeof inner !== 'string');
    const own = forbidden ? [at] : [];
    return [...own, ...leaks(inner, at)];
  });
}

describe('no key, explanation or marks reach a student before release', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  it('no student answer carries a key, an explanation or marks before release', async () => {
    const canary = `CANARY-${crypto.randomUUID()}`;
    const questions: QuestionBody[] = [
      { text: 'Which river is the longest in Sri Lanka?', options: ['Mahaweli', 'Kelani', 'Kalu'], correct: 0, marks: 3, explanation: `${canary} Mahaweli` },
      { text: 'In which year did Ceylon gain independence?', options: ['1947', '1948', '1956'], correct: 1, explanation: `${canary} 1948` },
    ];
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { questions, timeLimitMinutes: 10 }, now);
    const seen: { what: string; response: LightMyRequestResponse }[] = [];
    const look = async (what: string, pending: Promise<LightMyRequestResponse>) => {
      const response = await pending;
      seen.push({ what, response });
      return response;
    };
    const paperAndListing = async (moment: string) => {
      const read = await look(`GET papers/{id} ${moment}`, t.app.inject(paperRequest(student.headers, paper.id)));
      expect(read.statusCode, read.body).toBe(200);
      const listing = await look(`folder listing ${moment}`, folderContent(t.app, student.headers, folder.id));
      expect(listing.statusCode, listing.body).toBe(200);
      expect(listing.json<DriveListingAnswer>().files.some((item) => item.mimeType === PAPER_MIME_TYPE && item.id === paper.id)).toBe(true);
    };

    await paperAndListing('before the start');

    const started = await look('start', startPaper(t.app, student.headers, paper.id, newDeviceKey()));
    expect(started.statusCode, started.body).toBe(200);
    const questionsRead = await look('questions', getQuestions(t.app, student.headers, paper.id));
    expect(questionsRead.statusCode, questionsRead.body).toBe(200);
    const sitting = await startSitting(t.app, student.headers, paper.id, newDeviceKey());
    await look('answers', sendSaves(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 0, 0, 1), choose(sitting, 1, 1, 2)] }));
    await look('answers repeated', sendSaves(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 0, 0, 1)] }));
    await look('answers refused (unknown device)', sendSaves(t.app, student.headers, paper.id, { device: 9, saves: [choose(sitting, 0, 1, 3)] }));
    await paperAndListing('while sitting');

    const handedIn = await look('hand-in', handIn(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 1, 0, 3)] }));
    expect(handedIn.statusCode, handedIn.body).toBe(200);
    await look('hand-in repeated', handIn(t.app, student.headers, paper.id, { device: 1 }));
    await look('hand-in refused (a new save)', handIn(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 0, 2, 4)] }));
    await look('start refused (handed in)', startPaper(t.app, student.headers, paper.id));
    await look('questions after the hand-in', getQuestions(t.app, student.headers, paper.id));
    await paperAndListing('after the hand-in');

    // Past the deadline + grace too, when every call treats the attempt as closed.
    now = Date.parse(sitting.acceptedUntil) + 1;
    await look('answers refused (time up)', sendSaves(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 0, 2, 5)] }));
    await paperAndListing('after the deadline');

    for (const { what, response } of seen) {
      expect(leaks(response.json()), what).toEqual([]);
      expect(response.body, what).not.toContain(canary);
    }
    expect(seen.length).toBeGreaterThanOrEqual(19);
    // The same checks find the key and the explanations in what an admin reads.
    const adminRead = await t.app.inject(paperRequest(admin, paper.id));
    expect(leaks(adminRead.json())).toEqual(expect.arrayContaining(['.data.questions.0.correct', '.data.questions.0.explanation']));
    expect(adminRead.body).toContain(canary);
  });
});
