import { t } from 'i18next';
import { FEE_LIMITS, type StudentClassFees } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { FeeClassField } from './fee-class-field';

interface FeeReasonDialogProps {
  title: string;
  hint?: string;
  /** The student's classes with fees; a choice shows when there is more than one. */
  classes: readonly StudentClassFees[];
  folderId: string;
  onClassChange: (folderId: string) => void;
  /** The mutation's error: its refusal of a field shows under the field, anything else below. */
  error: Error | null;
  pending: boolean;
  submitLabel: string;
  /** False while a required choice of the dialog's own fields is still empty. */
  ready: boolean;
  /** Called with the trimmed reason, only when there is one. */
  onSubmit: (reason: string) => void;
  onClose: () => void;
  /** The dialog's own fields, between the class and the reason. */
  children: ReactNode;
}

/**
 * The frame of an admin's decision about one student's fees in one class (a free card, an
 * exception): the class, the dialog's own fields, and the reason every such decision must carry,
 * which the audit log and the student's fee history show.
 */
export function FeeReasonDialog({ title, hint, classes, folderId, onClassChange, error, pending, submitLabel, ready, onSubmit, onClose, children }: FeeReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const titleId = useId();
  const chosen = classes.find((entry) => entry.classFolderId === folderId);
  const refusal = error instanceof ApiError ? error : null;
  const reasonError = reasonMissing ? t('feesAdmin.required') : refusal?.fieldMessage('reason');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    setReasonMissing(!trimmed);
    if (trimmed && folderId && ready) onSubmit(trimmed);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {hint && <DialogContentText>{hint}</DialogContentText>}
          {chosen && classes.length === 1 && <DialogContentText>{chosen.className}</DialogContentText>}
          <FeeClassField classes={classes} value={folderId} onChange={onClassChange} />
          {children}
          <TextField
            label={t('fees.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(reasonError)}
            helperText={reasonError}
            slotProps={{ htmlInput: { maxLength: FEE_LIMITS.reasonMax } }}
            multiline
            minRows={2}
            fullWidth
          />
          {error && !reasonError && <Alert severity="error">{failureText(error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || !ready}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
