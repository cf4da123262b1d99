import { t } from 'i18next';
import type { Student } from '@academy/contract';
import { ConfirmPasswordDialog } from '../../../components/confirm-password-dialog';

interface DeleteStudentDialogProps {
  student: Student | null;
  pending: boolean;
  /** The server's refusal of the admin's password on the last try, shown under the field. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (student: Student, password: string) => void;
  /** After the closing animation: the place to open an alert (see student-list-page). */
  onExited: () => void;
}

/**
 * The confirmation before a delete, with the admin's own password (ASVS 3.7.1); a deleted student
 * can be restored from 'Deleted Students', which asks for nothing.
 */
export function DeleteStudentDialog({ student, pending, error, onCancel, onConfirm, onExited }: DeleteStudentDialogProps) {
  return (
    <ConfirmPasswordDialog
      open={Boolean(student)}
      title={t('students.list.deleteTitle')}
      text={t('students.list.confirmDelete', { name: student?.name ?? '', email: student?.email ?? '' })}
      action={t('general.delete')}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onConfirm={(password) => student && onConfirm(student, password)}
      onExited={onExited}
    />
  );
}
