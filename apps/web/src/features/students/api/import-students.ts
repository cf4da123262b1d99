import { importAnswerSchema, STUDENT_IMPORT_FIELD, STUDENTS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { studentKeys } from './query-keys';

export function importStudents(file: File) {
  const form = new FormData();
  form.append(STUDENT_IMPORT_FIELD, file);
  return apiUpload(STUDENTS_PATHS.importCsv, { form, schema: importAnswerSchema });
}

export function useImportStudentsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStudents,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.lists() }),
  });
}
