/** Cache keys of the fees calls; 'fees' first so one invalidation reaches them all (the admins' screen adds its own under 'fees', 'admin'). */
export const feeKeys = {
  all: ['fees'] as const,
  /** The signed-in student's own fees (`fees/mine`): Profile's section, `/fees`, the drive's month cards. */
  mine: ['fees', 'mine'] as const,
  order: (orderId: string) => ['fees', 'order', orderId] as const,
  receipt: (paymentId: string) => ['fees', 'receipt', paymentId] as const,
  classPlan: (folderId: string) => ['fees', 'class-plan', folderId] as const,
  /** Every read of the admins' screen: one invalidation after a decision or a resolved alert refreshes them all. */
  admin: ['fees', 'admin'] as const,
  overview: ['fees', 'admin', 'overview'] as const,
  classMonth: (folderId: string, month: string) => ['fees', 'admin', 'class-month', folderId, month] as const,
  slips: (query: object) => ['fees', 'admin', 'slips', query] as const,
  payments: (query: object) => ['fees', 'admin', 'payments', query] as const,
  revenue: (from: string, to: string) => ['fees', 'admin', 'revenue', from, to] as const,
  alerts: (open: boolean) => ['fees', 'admin', 'alerts', { open }] as const,
  studentFees: (studentId: string) => ['fees', 'admin', 'student', studentId] as const,
  /** The record-payment dialog's search for who paid. */
  findStudents: (search: string) => ['fees', 'find-students', search] as const,
};
