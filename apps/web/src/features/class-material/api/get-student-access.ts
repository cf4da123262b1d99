import { CLASS_MATERIAL_PATHS, grantListAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../lib/paths';
import { classMaterialKeys } from './query-keys';

export function getStudentAccess(studentId: string) {
  return apiRequest(fillPath(CLASS_MATERIAL_PATHS.studentAccess, { studentId }), { schema: grantListAnswerSchema });
}

export function useStudentAccessQuery(studentId: string) {
  return useQuery({
    queryKey: classMaterialKeys.studentAccess(studentId),
    queryFn: () => getStudentAccess(studentId),
    select: (answer) => answer.data,
  });
}
