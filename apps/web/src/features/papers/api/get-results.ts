import { PAPERS_PATHS, resultsAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

/** The tutor's results: every attempt's row, and the students who never started. */
export function getResults(paperId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.results, { paperId }), { schema: resultsAnswerSchema });
}

export function useResultsQuery(paperId: string) {
  return useQuery({ queryKey: paperKeys.results(paperId), queryFn: () => getResults(paperId), select: (answer) => answer.data });
}
