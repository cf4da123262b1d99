import { CLASS_MATERIAL_PATHS, createFolderAnswerSchema, type CreateFolderBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

/** Spec 'create/folder': a class. */
export function createFolder(body: CreateFolderBody) {
  return apiRequest(CLASS_MATERIAL_PATHS.createFolder, { method: 'POST', body, schema: createFolderAnswerSchema });
}

export function useCreateFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() });
      void queryClient.invalidateQueries({ queryKey: classMaterialKeys.names() });
    },
  });
}
