// The lessons feature's words, apart from its zod schemas (docs/languages.md: the login page's first
// download must not carry zod along).

export const LESSONS_TEXT = {
  notPlayableVideo: 'This file is not a playable video: it has no picture the server can decode',
  streamsOnly: 'This lesson is streamed: open it from the drive screen again',
  lessonNotFound: 'No streamed version of this video exists yet',
  notFailed: 'Only a lesson whose processing failed can be retried',
  retried: 'Processing queued again',
} as const;
