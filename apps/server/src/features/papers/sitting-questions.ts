// The questions answer a sitting shares: every student of a paper gets the same questions (only
// their order differs, and the start answers that), so the answer is serialised once per version
// of the paper and compressed once per encoding, not for each of a hall's 2,000 starts.
import { PAPERS_TEXT, type QuestionsAnswer } from '@academy/contract';
import { SharedAnswer } from '../../plugins/compression';
import type { CachedQuestion } from './paper-cache';

/** Keyed by the cache's questions list: a new version of the paper is a new list, and the old answer goes with it. */
const answers = new WeakMap<readonly CachedQuestion[], SharedAnswer>();

/** The questions and options in the paper's own order: text, picture and marks, never the key or an explanation. */
export function questionsAnswer(questions: readonly CachedQuestion[]): QuestionsAnswer {
  return {
    code: 200,
    message: PAPERS_TEXT.questionsRead,
    data: {
      questions: questions.map((question) => ({
        id: question.id,
        text: question.text,
        image: question.imageId,
        marks: question.marks,
        options: question.options.map((option) => ({ id: option.id, text: option.text })),
      })),
    },
  };
}

/** The questions answer as bytes, built once for this list of questions. */
export function sharedQuestions(questions: readonly CachedQuestion[]): SharedAnswer {
  let shared = answers.get(questions);
  if (shared === undefined) {
    shared = new SharedAnswer(Buffer.from(JSON.stringify(questionsAnswer(questions))), 'application/json; charset=utf-8');
    answers.set(questions, shared);
  }
  return shared;
}
