import { PAPERS_PATHS, statisticsAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

/** The paper's statistics, provisional until results are ready. */
export function getStatistics(paperId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.statistics, { paperId }), { schema: statisticsAnswerSchema });
}

export function useStatisticsQuery(paperId: string) {
  return useQuery({ queryKey: paperKeys.statistics(paperId), queryFn: () => getStatistics(paperId), select: (answer) => answer.data });
}
