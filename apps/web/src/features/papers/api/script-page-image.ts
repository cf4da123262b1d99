import { ANSWER_SCRIPTS_PATHS } from '@academy/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { scriptKeys } from './script-keys';

/** A page's picture, fetched with the session's token (an <img> cannot send it). */
async function getPageImage(paperId: string, pageId: string): Promise<Blob> {
  return (await apiDownload(fillPath(ANSWER_SCRIPTS_PATHS.page, { paperId, pageId }))).blob;
}

function pageQuery(paperId: string, pageId: string) {
  return { queryKey: scriptKeys.page(paperId, pageId), queryFn: () => getPageImage(paperId, pageId), staleTime: Infinity, gcTime: 10 * 60_000 };
}

export function usePageImageQuery(paperId: string, pageId: string | null) {
  return useQuery({ ...pageQuery(paperId, pageId ?? ''), enabled: pageId !== null });
}

/** Fetches pages before they are shown, so the next page opens at once. */
export function prefetchPageImages(queryClient: QueryClient, paperId: string, pageIds: readonly string[]): void {
  for (const pageId of pageIds) void queryClient.prefetchQuery(pageQuery(paperId, pageId));
}
