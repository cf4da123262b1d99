/** Cache keys of the watching calls; 'watching' first so one invalidation reaches them all. */
export const watchingKeys = {
  all: ['watching'] as const,
  progress: (fileId: string) => ['watching', 'progress', fileId] as const,
  continueWatching: () => ['watching', 'continue'] as const,
  viewers: (fileId: string) => ['watching', 'viewers', fileId] as const,
  retention: (fileId: string) => ['watching', 'retention', fileId] as const,
  studentLessons: (studentId: string) => ['watching', 'student', studentId] as const,
};
