// Leak tracing's words, apart from its zod schemas (docs/languages.md: the login page's first
// download must not carry zod along).

export const FORENSICS_TEXT = {
  traceQueued: 'The copy is being read: this takes about as long as the copy plays, at most',
  traceNotFound: 'No such trace',
  copyRequired: "Send the copy as the multipart field 'file'",
  copyTooLarge: 'The copy is larger than the largest lesson this server takes (MAX_UPLOAD_BYTES)',
  notAVideo: 'This file is not a playable video: the tracer can only read videos',
  marksQueued: 'Leak marks are being added: the lesson stays playable meanwhile',
  noLessonToMark: 'This video has no ready lesson to add marks to',
  /** Why a trace named no one (the `reason` of a trace without a result). */
  reasons: {
    'no-lesson': 'The copy matches none of the marked lessons',
    unmarked: 'The copy is of a marked lesson but carries no stream\'s marks: it was not saved from a student\'s stream (the original file, or a copy of it)',
    'too-few-segments': 'Too little of the copy could be read: at least 4 minutes of a marked lesson are needed',
    'no-candidate-close-enough': 'The marks match no student who streamed this lesson well enough to name anyone',
    ambiguous: 'The marks match more than one student (a copy put together from several streams): no one is named',
  },
} as const;

export type TraceNoMatchReason = keyof typeof FORENSICS_TEXT.reasons;
