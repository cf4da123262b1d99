import { t } from 'i18next';
import type { Student } from '@academy/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteStudentDialogProps {
  student: Student | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (student: Student) => void;
  /** After the closing animation: the place to open an alert (see student-list-page). */
  onExited: () => void;
}

/** The confirmation before a delete; a deleted student can be restored from 'Deleted Students'. */
export function DeleteStudentDialog({ student, pending, onCancel, onConfirm, onExited }: DeleteStudentDialogProps) {
  return (
    <Dialog open={Boolean(student)} onClose={onCancel} aria-labelledby="delete-student-title" slotProps={{ transition: { onExited } }}>
      <DialogTitle id="delete-student-title">{t('students.list.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('students.list.deleteText', { name: student?.name ?? '', email: student?.email ?? '' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('general.cancel')}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={() => student && onConfirm(student)}>
          {t('general.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
