import { PAPER_IMPORT_FIELD, PAPERS_PATHS, paperImportAnswerSchema } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

/** A CSV of questions, read and checked by the server row by row; nothing is stored. */
export function importQuestions(file: File) {
  const form = new FormData();
  form.append(PAPER_IMPORT_FIELD, file);
  return apiUpload(PAPERS_PATHS.import, { form, schema: paperImportAnswerSchema });
}

export function useImportQuestionsMutation() {
  return useMutation({ mutationFn: importQuestions });
}
