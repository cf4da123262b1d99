import { CLASS_MATERIAL_PATHS, noDataAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function deleteItem(itemId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.item, { itemId }), { method: 'DELETE', schema: noDataAnswerSchema });
}

export function useDeleteItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.all }) });
}
