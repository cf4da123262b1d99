import { CLASS_MATERIAL_PATHS, folderNamesAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

export function getFolderNames() {
  return apiRequest(CLASS_MATERIAL_PATHS.folderNames, { schema: folderNamesAnswerSchema });
}

/** The class names for the access dialogs' Class select. */
export function useFolderNamesQuery(enabled: boolean) {
  return useQuery({ queryKey: classMaterialKeys.names(), queryFn: getFolderNames, enabled, select: (answer) => answer.data });
}
