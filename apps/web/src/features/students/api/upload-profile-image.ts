import { PROFILE_IMAGE_FIELD, STUDENTS_PATHS, studentAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { storeStudent } from './student-cache';

export function uploadProfileImage({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file);
  return apiUpload(withId(STUDENTS_PATHS.uploadProfileImage, id), { form, schema: studentAnswerSchema });
}

export function useUploadProfileImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (answer) => storeStudent(queryClient, answer.data),
  });
}
