import { STUDENTS_PATHS, studentAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';

export function getStudent(id: string) {
  return apiRequest(withId(STUDENTS_PATHS.getById, id), { schema: studentAnswerSchema });
}

export function useStudentQuery(id: string | null) {
  return useQuery({
    queryKey: studentKeys.detail(id ?? ''),
    queryFn: () => getStudent(id ?? ''),
    enabled: Boolean(id),
    select: (answer) => answer.data,
  });
}
