import { CLASS_MATERIAL_PATHS, driveItemAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function renameItem({ itemId, name }: { itemId: string; name: string }) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.item, { itemId }), { method: 'PUT', body: { name }, schema: driveItemAnswerSchema });
}

/** A rename can change ids below it (the built-in store's ids are paths), so every listing reloads. */
export function useRenameItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameItem, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.all }) });
}
