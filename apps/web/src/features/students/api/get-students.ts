import { STUDENTS_PATHS, studentListAnswerSchema, type StudentListQuery } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';
import { studentKeys } from './query-keys';

export function getStudents(query: StudentListQuery) {
  return apiRequest(`${STUDENTS_PATHS.getAll}${queryString(query)}`, { schema: studentListAnswerSchema });
}

/** The previous page stays on screen while the next one loads, so the table never jumps. */
export function useStudentsQuery(query: StudentListQuery) {
  return useQuery({ queryKey: studentKeys.list(query), queryFn: () => getStudents(query), placeholderData: keepPreviousData });
}
