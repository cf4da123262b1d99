import type { QueryClient } from '@tanstack/react-query';
import { paperKeys } from './query-keys';

/**
 * After a tutor's action on a paper's results (release, regrade, extra time, reopening, a merit list):
 * the paper's state, its results table and its statistics are read again.
 */
export function refreshResults(queryClient: QueryClient, paperId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: paperKeys.detail(paperId) }),
    queryClient.invalidateQueries({ queryKey: paperKeys.results(paperId) }),
    queryClient.invalidateQueries({ queryKey: paperKeys.statistics(paperId) }),
  ]);
}
