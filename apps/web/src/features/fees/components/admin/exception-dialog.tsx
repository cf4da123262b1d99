import { t } from 'i18next';
import { type StudentClassFees } from '@academy/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { useCreateExceptionMutation } from '../../api/create-exception';
import { monthLabel } from '../../lib/months';
import { FeeReasonDialog } from './fee-reason-dialog';

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
  const mutation = useCreateExceptionMutation();

  const changeClass = (next: string) => {
    setFolderId(next);
    setMonth(closedMonths(classes.find((entry) => entry.classFolderId === next))[0] ?? '');
  };
  const submit = (reason: string) =>
    mutation.mutate(
      { studentId, folderId, month, reason },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.exceptionGiven'), toast: true });
        },
      },
    );
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;

  return (
    <FeeReasonDialog
      title={t('feesAdmin.exceptionTitle', { name: studentName })}
      hint={t('feesAdmin.exceptionHint')}
      classes={classes}
      folderId={folderId}
      onClassChange={changeClass}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={t('feesAdmin.openMonth')}
      ready={Boolean(month)}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </FeeReasonDialog>
  );
}
