import { CLASS_MATERIAL_PATHS, driveListingAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getFolderContent(folderId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.folderContent, { folderId }), { schema: driveListingAnswerSchema });
}

export function useFolderContentQuery(folderId: string | null) {
  return useQuery({
    queryKey: classMaterialKeys.folder(folderId ?? ''),
    queryFn: () => getFolderContent(folderId ?? ''),
    enabled: folderId !== null,
    select: (answer) => answer.files,
  });
}
