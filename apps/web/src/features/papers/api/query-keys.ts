/** Cache keys of the papers calls; 'papers' first so one invalidation reaches them all. */
export const paperKeys = {
  all: ['papers'] as const,
  detail: (paperId: string) => ['papers', 'detail', paperId] as const,
  /** A question's picture: its id is the hash of its content, so it never changes. */
  image: (paperId: string, imageId: string) => ['papers', 'image', paperId, imageId] as const,
  result: (paperId: string) => ['papers', 'result', paperId] as const,
  results: (paperId: string) => ['papers', 'results', paperId] as const,
  statistics: (paperId: string) => ['papers', 'statistics', paperId] as const,
  attempt: (paperId: string, studentId: string) => ['papers', 'attempt', paperId, studentId] as const,
};
