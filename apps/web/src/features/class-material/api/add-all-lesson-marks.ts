import { lessonMarksAnswerSchema, LESSONS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { classMaterialKeys } from './query-keys';

/** Queues leak marks for every ready lesson transcoded before marks existed (admin only). */
export function addAllLessonMarks() {
  return apiRequest(LESSONS_PATHS.addAllMarks, { method: 'POST', schema: lessonMarksAnswerSchema });
}

export function useAddAllLessonMarksMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAllLessonMarks, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() }) });
}
