import {
  ANSWER_SCRIPTS_PATHS,
  annotationsAnswerSchema,
  assignAnswerSchema,
  markingScriptAnswerSchema,
  marksAnswerSchema,
  scriptsAnswerSchema,
  writtenStatisticsAnswerSchema,
  type Annotation,
  type AssignBody,
  type MarksBody,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { saveBlob } from './script-mine';
import { scriptKeys } from './script-keys';
import { prefetchPageImages } from './script-page-image';

/** The marking queue of a paper: every handed-in script with its state and marker (filtered on the screen). */
export function useScriptsQuery(paperId: string) {
  return useQuery({
    queryKey: scriptKeys.queue(paperId),
    queryFn: async () => (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.scripts, { paperId }), { schema: scriptsAnswerSchema })).data,
    enabled: paperId !== '',
  });
}

export function useAssignMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBody) => apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.assign, { paperId }), { method: 'POST', body, schema: assignAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scriptKeys.queue(paperId) }),
  });
}

function markingScriptQuery(paperId: string, scriptId: string) {
  return {
    queryKey: scriptKeys.marking(paperId, scriptId),
    queryFn: async () => (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.markingScript, { paperId, scriptId }), { schema: markingScriptAnswerSchema })).data,
    // The screen keeps what the marker does; a refetch must not put back what was just drawn.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  };
}

export function useMarkingScriptQuery(paperId: string, scriptId: string) {
  return useQuery({ ...markingScriptQuery(paperId, scriptId), enabled: paperId !== '' && scriptId !== '' });
}

/** Fetches the next script and its first pages while the marker works on this one, so Next script opens at once. */
export async function prefetchMarkingScript(queryClient: QueryClient, paperId: string, scriptId: string): Promise<void> {
  const script = await queryClient.fetchQuery(markingScriptQuery(paperId, scriptId));
  prefetchPageImages(queryClient, paperId, script.pages.slice(0, 2).map((page) => page.id));
}

/** Replaces a page's shapes. */
export async function saveAnnotations(paperId: string, scriptId: string, pageId: string, annotations: Annotation[]) {
  return (
    await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.annotations, { paperId, scriptId, pageId }), { method: 'PUT', body: { annotations }, schema: annotationsAnswerSchema })
  ).data;
}

export async function saveMarks(paperId: string, scriptId: string, body: MarksBody) {
  return (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.marks, { paperId, scriptId }), { method: 'PUT', body, schema: marksAnswerSchema })).data;
}

export async function downloadMarkingPdf(paperId: string, scriptId: string, fallback: string): Promise<void> {
  const { blob, filename } = await apiDownload(fillPath(ANSWER_SCRIPTS_PATHS.markingPdf, { paperId, scriptId }));
  saveBlob(blob, filename ?? fallback);
}

export function useWrittenStatisticsQuery(paperId: string, enabled: boolean) {
  return useQuery({
    queryKey: scriptKeys.statistics(paperId),
    queryFn: async () => (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.writtenStatistics, { paperId }), { schema: writtenStatisticsAnswerSchema })).data,
    enabled: enabled && paperId !== '',
  });
}
