/** Cache keys of the written part's calls; under 'papers' so a paper's invalidation reaches them too. */
export const scriptKeys = {
  written: (paperId: string) => ['papers', 'written', paperId] as const,
  mine: (paperId: string) => ['papers', 'script', paperId] as const,
  /** A page's picture: a page never changes once stored, so it is kept as long as it is used. */
  page: (paperId: string, pageId: string) => ['papers', 'script-page', paperId, pageId] as const,
  queue: (paperId: string) => ['papers', 'scripts', paperId] as const,
  marking: (paperId: string, scriptId: string) => ['papers', 'marking', paperId, scriptId] as const,
  statistics: (paperId: string) => ['papers', 'written-statistics', paperId] as const,
};
