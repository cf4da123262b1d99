import { CLASS_MATERIAL_PATHS, driveListingAnswerSchema, type DriveListingAnswer } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { remarking } from '../lib/lesson-marks';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getFolderContent(folderId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.folderContent, { folderId }), { schema: driveListingAnswerSchema });
}

/** While a lesson of the folder is queued, processing or getting its leak marks, an admin's listing is read again this often. */
const PROCESSING_POLL_MS = 3000;

function processingUnderway(answer: DriveListingAnswer | undefined): boolean {
  return Boolean(answer?.files.some((item) => item.processing?.state === 'queued' || item.processing?.state === 'processing' || remarking(item.processing)));
}

export function useFolderContentQuery(folderId: string | null) {
  return useQuery({
    queryKey: classMaterialKeys.folder(folderId ?? ''),
    queryFn: () => getFolderContent(folderId ?? ''),
    enabled: folderId !== null,
    select: (answer) => answer.files,
    // Only admins are told the processing state, so only their screen polls.
    refetchInterval: (query) => (processingUnderway(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
