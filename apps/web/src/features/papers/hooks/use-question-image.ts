import type { SittingQuestion } from '@academy/contract';
import { useEffect, useState } from 'react';
import { getQuestionImage } from '../api/get-question-image';
import type { SittingStore } from '../lib/sitting-store';

// Question pictures are fetched at the start and kept with the paper in IndexedDB, so a question
// with a picture still shows after the line drops (docs/papers.md, 'Start').

/** Pictures fetched at once: a paper full of pictures must not hold up its own saves. */
const AT_ONCE = 3;

/** Fetches under way, so the start's prefetch and a question shown meanwhile fetch a picture once. */
const fetching = new Map<string, Promise<Blob | undefined>>();

/** The picture from the store, or fetched and kept there first; undefined when neither can give it (offline, gone). */
function keptImage(store: SittingStore, paperId: string, imageId: string): Promise<Blob | undefined> {
  const key = `${paperId}/${imageId}`;
  const known = fetching.get(key);
  if (known) return known;
  const read = (async () => {
    const kept = await store.image(paperId, imageId).catch(() => undefined);
    if (kept) return kept;
    const blob = await getQuestionImage(paperId, imageId).catch(() => undefined);
    if (blob) await store.putImage(paperId, imageId, blob).catch(() => undefined);
    return blob;
  })().finally(() => fetching.delete(key));
  fetching.set(key, read);
  return read;
}

/** Fetches and keeps every picture of the paper this device does not hold yet; one that fails is tried again when shown. */
export async function keepQuestionImages(store: SittingStore, paperId: string, questions: readonly SittingQuestion[]): Promise<void> {
  const wanted = [...new Set(questions.flatMap((question) => (question.image ? [question.image] : [])))];
  const next = async (): Promise<void> => {
    const imageId = wanted.shift();
    if (!imageId) return;
    await keptImage(store, paperId, imageId);
    await next();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
}

export type QuestionImage = { kind: 'loading' } | { kind: 'shown'; url: string } | { kind: 'missing' };

/** A question's picture from the store, fetched and kept first if this device does not hold it. */
export function useQuestionImage(store: SittingStore, paperId: string, imageId: string | null): QuestionImage {
  const [image, setImage] = useState<{ imageId: string; view: QuestionImage } | null>(null);

  useEffect(() => {
    if (!imageId) return;
    let url: string | null = null;
    let cancelled = false;
    const show = (view: QuestionImage) => {
      if (!cancelled) setImage({ imageId, view });
    };
    void (async () => {
      const blob = await keptImage(store, paperId, imageId);
      if (cancelled) return;
      if (!blob) return show({ kind: 'missing' });
      url = URL.createObjectURL(blob);
      show({ kind: 'shown', url });
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [store, paperId, imageId]);

  return image && image.imageId === imageId ? image.view : { kind: 'loading' };
}
