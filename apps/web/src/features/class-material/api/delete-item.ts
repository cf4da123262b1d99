import { approvalPendingAnswerSchema, CLASS_MATERIAL_PATHS, noDataAnswerSchema } from '@academy/contract';
import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

/** A file or folder goes at once; a class folder waits for a second admin's approval (202, the request). */
export function deleteItem(itemId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.item, { itemId }), { method: 'DELETE', schema: z.union([approvalPendingAnswerSchema, noDataAnswerSchema]) });
}

export function useDeleteItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.all }) });
}
