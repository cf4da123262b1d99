import { SEGMENT_NAME_PATTERN } from '../../media/transcode';
import { deriveCodeword, variantFor } from '../forensics/codeword';
import type { LessonRow } from './repo';

// Where a lesson's two marked ladders are kept (leak tracing): ladder A under the rung's own folder
// ('360p/4.ts'), its twin B under 'b/' ('b/360p/4.ts'). Only segments differ: playlists, key,
// poster and thumbnails are ladder A's for everyone.

export const VARIANT_B_FOLDER = 'b';

/** The stored name of segment `stored` ('360p/4.ts') in the variant `accountId`'s codeword picks. */
export function markedSegmentName(lesson: Pick<LessonRow, 'marks' | 'mark_secret_hex'>, accountId: string, stored: string): string {
  // Until B exists every viewer gets A: the same picture, and no partial codeword to misread.
  if (lesson.marks !== 'ab' || !lesson.mark_secret_hex) return stored;
  const index = segmentIndex(stored);
  if (index === null) return stored;
  const codeword = deriveCodeword(Buffer.from(lesson.mark_secret_hex, 'hex'), accountId);
  return variantFor(codeword, index) === 'B' ? `${VARIANT_B_FOLDER}/${stored}` : stored;
}

function segmentIndex(stored: string): number | null {
  const match = SEGMENT_NAME_PATTERN.exec(stored.slice(stored.lastIndexOf('/') + 1));
  return match ? Number(match[1]) : null;
}
