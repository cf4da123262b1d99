import { CLASS_MATERIAL_PATHS, driveItemAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function createSubfolder({ folderId, name }: { folderId: string; name: string }) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.subfolder, { folderId }), { method: 'POST', body: { name }, schema: driveItemAnswerSchema });
}

export function useCreateSubfolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubfolder,
    onSuccess: (_answer, { folderId }) => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folder(folderId) }),
  });
}
