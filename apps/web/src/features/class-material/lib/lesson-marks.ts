import type { LessonProcessing } from '@academy/contract';

/**
 * A ready lesson processed again for its leak marks keeps playing and says so by its progress
 * (back under 100 until its new ladder is stored), then by its marks ('adding' until the twin is).
 */
export function remarking(processing: LessonProcessing | undefined): boolean {
  return processing?.state === 'ready' && (processing.progress < 100 || processing.marks === 'adding');
}
