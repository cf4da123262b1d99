import { PAPERS_PATHS, paperAnswerSchema, type Paper } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { clockSample, type ClockSample } from '../lib/server-clock';
import { paperKeys } from './query-keys';

/** The paper, and how far the server's clock is from this device's, read from the same exchange. */
export interface PaperRead {
  paper: Paper;
  clock: ClockSample | null;
}

export async function getPaper(paperId: string): Promise<PaperRead> {
  const sentAt = Date.now();
  const answer = await apiRequest(fillPath(PAPERS_PATHS.paper, { paperId }), { schema: paperAnswerSchema });
  return { paper: answer.data, clock: clockSample(sentAt, Date.now(), answer.data.serverNow) };
}

export function usePaperQuery(paperId: string) {
  return useQuery({ queryKey: paperKeys.detail(paperId), queryFn: () => getPaper(paperId), enabled: paperId !== '' });
}
