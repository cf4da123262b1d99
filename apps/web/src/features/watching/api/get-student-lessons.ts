import { watchedLessonsAnswerSchema, WATCHING_PATHS } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { watchingKeys } from './query-keys';

export function getStudentLessons(studentId: string) {
  return apiRequest(fillPath(WATCHING_PATHS.studentLessons, { studentId }), { schema: watchedLessonsAnswerSchema });
}

export function useStudentLessonsQuery(studentId: string) {
  return useQuery({ queryKey: watchingKeys.studentLessons(studentId), queryFn: () => getStudentLessons(studentId), select: (answer) => answer.data });
}
