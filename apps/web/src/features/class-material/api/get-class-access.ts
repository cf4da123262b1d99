import { CLASS_MATERIAL_PATHS, classAccessAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getClassAccess(folderId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.classAccess, { folderId }), { schema: classAccessAnswerSchema });
}

export function useClassAccessQuery(folderId: string | null) {
  return useQuery({
    queryKey: classMaterialKeys.classAccess(folderId ?? ''),
    queryFn: () => getClassAccess(folderId ?? ''),
    enabled: folderId !== null,
    select: (answer) => answer.data,
  });
}
