import { FEES_PATHS, monthTagAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { classMaterialKeys } from '../../class-material/api/query-keys';
import { feeKeys } from './query-keys';

/** Tags a folder inside a class with one of the plan's months, or removes the tag (`month: null`) (admin). */
export function setFolderMonth({ folderId, month }: { folderId: string; month: string | null }) {
  return apiRequest(fillPath(FEES_PATHS.folderMonth, { folderId }), { method: 'PUT', body: { month }, schema: monthTagAnswerSchema }).then((answer) => answer.data);
}

export function useSetFolderMonthMutation() {
  const queryClient = useQueryClient();
  // The folder's card shows its month, and the class's plan dialog lists its month folders.
  return useMutation({
    mutationFn: setFolderMonth,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: feeKeys.all }), queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() })]),
  });
}
