import { MAX_SAVES_PER_REQUEST, type HeldAnswer, type Save } from '@academy/contract';

// What one request carries. The server keeps the highest `seq` per question, so when a question has
// several waiting saves only the latest can count: the older ones are left out of the request and
// forgotten with it (docs/papers.md, 'Offline: the answer queue in the browser').

/** The latest waiting save of each question, in `seq` order. */
export function latestPerQuestion<T extends Save>(saves: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const save of saves) {
    const kept = latest.get(save.questionId);
    if (!kept || save.seq > kept.seq) latest.set(save.questionId, save);
  }
  return [...latest.values()].sort((a, b) => a.seq - b.seq);
}

/** The next request's saves: the latest per question, the oldest first, at most the server's limit. */
export function nextBatch(saves: readonly Save[]): Save[] {
  return latestPerQuestion(saves)
    .slice(0, MAX_SAVES_PER_REQUEST)
    .map(({ seq, questionId, optionId }) => ({ seq, questionId, optionId }));
}

/** Whether the server holds this save, or one that overtook it, by what it said it holds. */
export function isHeld(save: Save, held: ReadonlyMap<string, HeldAnswer>): boolean {
  const answer = held.get(save.questionId);
  return answer !== undefined && answer.seq >= save.seq;
}
