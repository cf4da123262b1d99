import type { Student, StudentListAnswer } from '@academy/contract';
import type { QueryClient } from '@tanstack/react-query';
import { studentKeys } from './query-keys';

/**
 * Puts a changed student into every cached page that shows them and into their profile, so the
 * row updates in place (spec section 4) without reloading the list.
 */
export function storeStudent(queryClient: QueryClient, student: Student): void {
  queryClient.setQueriesData<StudentListAnswer>({ queryKey: studentKeys.lists() }, (page) =>
    page ? { ...page, data: page.data.map((row) => (row._id === student._id ? student : row)) } : page,
  );
  queryClient.setQueryData(studentKeys.detail(student._id), (answer: { data: Student } | undefined) =>
    answer ? { ...answer, data: student } : answer,
  );
}
