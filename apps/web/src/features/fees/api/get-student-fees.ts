import { FEES_PATHS, studentFeesAnswerSchema } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { feeKeys } from './query-keys';

/** One student's fees as an admin sees them: months per class, free cards, exceptions, payments, slips. */
export function getStudentFees(studentId: string) {
  return apiRequest(fillPath(FEES_PATHS.studentFees, { studentId }), { schema: studentFeesAnswerSchema }).then((answer) => answer.data);
}

export function useStudentFeesQuery(studentId: string | null) {
  return useQuery({ queryKey: feeKeys.studentFees(studentId ?? ''), queryFn: () => getStudentFees(studentId ?? ''), enabled: studentId !== null });
}
