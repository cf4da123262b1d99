import { lessonMarksAnswerSchema, LESSONS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

/** Makes a ready lesson's leak-marked ladders (again) (admin only). */
export function addLessonMarks(fileId: string) {
  return apiRequest(fillPath(LESSONS_PATHS.addMarks, { fileId }), { method: 'POST', schema: lessonMarksAnswerSchema });
}

export function useAddLessonMarksMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addLessonMarks, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() }) });
}
