import { STUDENTS_PATHS, studentListAnswerSchema } from '@academy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { feeKeys } from './query-keys';
import { queryString } from '../../../lib/query-string';

/** How many students the record-payment dialog offers for a search. */
const SHOWN = 10;

/** Students whose name, e-mail or reg no match, for choosing who paid (the Student List's own call). */
export function findStudents(search: string) {
  return apiRequest(`${STUDENTS_PATHS.getAll}${queryString({ search, page: 1, pageSize: SHOWN })}`, { schema: studentListAnswerSchema }).then((answer) => answer.data);
}

export function useFindStudentsQuery(search: string) {
  return useQuery({
    queryKey: feeKeys.findStudents(search),
    queryFn: () => findStudents(search),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
