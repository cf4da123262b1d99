import { FORENSICS_PATHS, traceAnswerSchema, type Trace } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../../../lib/api-path';
import { forensicsKeys } from './query-keys';

export function getTrace(id: string) {
  return apiRequest(withId(FORENSICS_PATHS.trace, id), { schema: traceAnswerSchema });
}

/** A trace is read again this often until it is done or failed. */
const TRACE_POLL_MS = 1000;

function underway(trace: Trace | undefined): boolean {
  return trace === undefined || trace.state === 'queued' || trace.state === 'processing';
}

/** How a trace goes, polled every second while the copy is being read. */
export function useTraceQuery(id: string | null) {
  return useQuery({
    queryKey: forensicsKeys.trace(id ?? ''),
    queryFn: () => getTrace(id ?? ''),
    enabled: id !== null,
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.status !== 'error' && underway(query.state.data?.data) ? TRACE_POLL_MS : false),
  });
}
