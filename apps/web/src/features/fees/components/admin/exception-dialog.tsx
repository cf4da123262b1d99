import { t } from 'i18next';
import { FEE_LIMITS, type StudentClassFees } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { useCreateExceptionMutation } from '../../api/create-exception';
import { monthLabel } from '../../lib/months';
import { FeeClassField } from './fee-class-field';

/** The months an exception can open: the ones nothing opens yet. */
function closedMonths(fees: StudentClassFees | undefined): string[] {
  return fees?.months.filter((month) => month.state === 'unpaid' || month.state === 'pending').map((month) => month.month) ?? [];
}

interface ExceptionDialogProps {
  studentId: string;
  studentName: string;
  classes: readonly StudentClassFees[];
  onClose: () => void;
}

/** Opens one month for one student without payment ("pays next week"), with the reason; it is no payment and no revenue. */
export function ExceptionDialog({ studentId, studentName, classes, onClose }: ExceptionDialogProps) {
  const [folderId, setFolderId] = useState(classes[0]?.classFolderId ?? '');
  const chosen = classes.find((entry) => entry.classFolderId === folderId);
  const months = closedMonths(chosen);
  const [month, setMonth] = useState(months[0] ?? '');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const mutation = useCreateExceptionMutation();

  const changeClass = (next: string) => {
    setFolderId(next);
    setMonth(closedMonths(classes.find((entry) => entry.classFolderId === next))[0] ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReasonMissing(!reason.trim());
    if (!reason.trim() || !folderId || !month) return;
    mutation.mutate(
      { studentId, folderId, month, reason: reason.trim() },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.exceptionGiven'), toast: true });
        },
      },
    );
  };
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  const reasonError = reasonMissing ? t('feesAdmin.required') : refusal?.fieldMessage('reason');

  return (
    <Dialog open onClose={onClose} aria-labelledby="exception-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="exception-title">{t('feesAdmin.exceptionTitle', { name: studentName })}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('feesAdmin.exceptionHint')}</DialogContentText>
          {chosen && classes.length === 1 && <DialogContentText>{chosen.className}</DialogContentText>}
          <FeeClassField classes={classes} value={folderId} onChange={changeClass} />
          {months.length === 0 ? (
            <Alert severity="info">{t('feesAdmin.noClosedMonths')}</Alert>
          ) : (
            <TextField select label={t('fees.month')} value={month} onChange={(event) => setMonth(event.target.value)} error={Boolean(refusal?.fieldMessage('month'))} helperText={refusal?.fieldMessage('month')} fullWidth>
              {months.map((value) => (
                <MenuItem key={value} value={value}>
                  {monthLabel(value)}
                </MenuItem>
              ))}
            </TextField>
          )}
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
          {mutation.error && !reasonError && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending || !month}>
            {t('feesAdmin.openMonth')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
