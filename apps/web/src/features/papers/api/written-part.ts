import { ANSWER_SCRIPTS_PATHS, sheetAnswerSchema, SHEET_FIELD, writtenAnswerSchema, type WrittenBody } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { scriptKeys } from './script-keys';

/** The paper's written part, or null when it has none. */
export function useWrittenQuery(paperId: string) {
  return useQuery({
    queryKey: scriptKeys.written(paperId),
    queryFn: async () => (await apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.written, { paperId }), { schema: writtenAnswerSchema })).data,
    enabled: paperId !== '',
  });
}

export function useSaveWrittenMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WrittenBody) => apiRequest(fillPath(ANSWER_SCRIPTS_PATHS.written, { paperId }), { method: 'PUT', body, schema: writtenAnswerSchema }),
    onSuccess: (answer) => queryClient.setQueryData(scriptKeys.written(paperId), answer.data),
  });
}

/** The question sheet (a PDF), with its progress as it goes up. */
export function useUploadSheetMutation(paperId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append(SHEET_FIELD, file, file.name);
      return apiUpload(fillPath(ANSWER_SCRIPTS_PATHS.sheet, { paperId }), { form, schema: sheetAnswerSchema, onProgress });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scriptKeys.written(paperId) }),
  });
}
