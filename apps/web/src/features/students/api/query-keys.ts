import type { DeletedStudentListQuery, StudentListQuery } from '@academy/contract';

/** Cache keys of the students calls; 'students' first so one invalidation reaches them all. */
export const studentKeys = {
  all: ['students'] as const,
  lists: () => ['students', 'list'] as const,
  list: (query: StudentListQuery) => ['students', 'list', query] as const,
  deleted: (query: DeletedStudentListQuery) => ['students', 'deleted', query] as const,
  detail: (id: string) => ['students', 'detail', id] as const,
};
