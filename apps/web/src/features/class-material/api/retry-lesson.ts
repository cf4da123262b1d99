import { lessonRetryAnswerSchema, LESSONS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

/** Queues a failed lesson's processing again (admin). */
export function retryLesson(fileId: string) {
  return apiRequest(fillPath(LESSONS_PATHS.retry, { fileId }), { method: 'POST', schema: lessonRetryAnswerSchema });
}

export function useRetryLessonMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryLesson, onSuccess: () => void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() }) });
}
