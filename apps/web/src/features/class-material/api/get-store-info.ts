import { CLASS_MATERIAL_PATHS, storeInfoAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

export function getStoreInfo() {
  return apiRequest(CLASS_MATERIAL_PATHS.storeInfo, { schema: storeInfoAnswerSchema });
}

/** Which store holds the classes never changes while the server runs. */
export function useStoreInfoQuery() {
  return useQuery({ queryKey: classMaterialKeys.store(), queryFn: getStoreInfo, staleTime: Infinity, select: (answer) => answer.data });
}
