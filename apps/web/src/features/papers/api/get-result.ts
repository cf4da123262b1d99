import { PAPERS_PATHS, resultAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { paperKeys } from './query-keys';

/** A student's released result; 409 before release, 404 to one who did not sit. */
export function getResult(paperId: string) {
  return apiRequest(fillPath(PAPERS_PATHS.result, { paperId }), { schema: resultAnswerSchema });
}

export function useResultQuery(paperId: string) {
  return useQuery({ queryKey: paperKeys.result(paperId), queryFn: () => getResult(paperId), select: (answer) => answer.data });
}
