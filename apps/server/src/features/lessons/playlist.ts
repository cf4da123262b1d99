import { lessonAddress, LESSONS_PATHS } from '@academy/contract';
import { KEY_URI_PLACEHOLDER, SPRITE_URI_PLACEHOLDER } from '../../media/transcode';

// Stored playlists name their neighbours relatively ('360p/index.m3u8', '4.ts') and the key by a
// placeholder. Each is issued per ticket: every address in it becomes the lesson route with this
// viewer's ticket, so a playlist copied to someone else is as good as the ticket in it, no better.

/** The master playlist: each rung's address. */
export function masterForTicket(stored: string, fileId: string, ticket: string): string {
  return stored.replace(/^([0-9]+p)\/index\.m3u8$/gm, (_, rendition: string) => lessonAddress(LESSONS_PATHS.rendition, fileId, ticket, { rendition }));
}

/** A rung's playlist: each segment's address, and the key's. */
export function renditionForTicket(stored: string, fileId: string, rendition: string, ticket: string): string {
  return stored
    .replace(/^(\d+\.ts)$/gm, (_, segment: string) => lessonAddress(LESSONS_PATHS.segment, fileId, ticket, { rendition, segment }))
    .replaceAll(`URI="${KEY_URI_PLACEHOLDER}"`, `URI="${lessonAddress(LESSONS_PATHS.key, fileId, ticket)}"`);
}

/** The thumbnail cues: the sprite's address. */
export function thumbnailsForTicket(stored: string, fileId: string, ticket: string): string {
  return stored.replaceAll(`${SPRITE_URI_PLACEHOLDER}#`, `${lessonAddress(LESSONS_PATHS.thumbnails, fileId, ticket)}#`);
}
