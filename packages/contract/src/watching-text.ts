// The watching feature's words, apart from its zod schemas (docs/languages.md).

export const WATCHING_TEXT = {
  reportsSaved: 'Progress saved',
  reportsAlreadySaved: 'This batch was saved before',
  progressRead: 'Progress',
  visitRecorded: 'Visit recorded',
  notYourProgress: 'You can only see your own progress',
  lessonNotFound: 'File not found',
} as const;
