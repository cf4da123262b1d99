import { deletedStudentListAnswerSchema, STUDENTS_PATHS, type DeletedStudentListQuery } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';
import { studentKeys } from './query-keys';

export function getDeletedStudents(query: DeletedStudentListQuery) {
  return apiRequest(`${STUDENTS_PATHS.listDeleted}${queryString(query)}`, { schema: deletedStudentListAnswerSchema });
}

export function useDeletedStudentsQuery(query: DeletedStudentListQuery, enabled: boolean) {
  return useQuery({
    queryKey: studentKeys.deleted(query),
    queryFn: () => getDeletedStudents(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
