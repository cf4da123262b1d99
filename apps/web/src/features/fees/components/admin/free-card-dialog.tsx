import { t } from 'i18next';
import { FREE_CARD_KINDS, type FreeCardKind, type StudentClassFees } from '@academy/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { useCreateFreeCardMutation } from '../../api/create-free-card';
import { monthLabel } from '../../lib/months';
import { FeeReasonDialog } from './fee-reason-dialog';

const KIND_LABELS = { full: 'feesAdmin.kindFull', half: 'feesAdmin.kindHalf' } as const satisfies Record<FreeCardKind, string>;

interface FreeCardDialogProps {
  studentId: string;
  studentName: string;
  classes: readonly StudentClassFees[];
  onClose: () => void;
}

/**
 * A free card for one student in one class: full (the months cost nothing and open) or half (the
 * student pays half), from a month, to a month or to the end of the class year, with the reason.
 */
export function FreeCardDialog({ studentId, studentName, classes, onClose }: FreeCardDialogProps) {
  const [folderId, setFolderId] = useState(classes[0]?.classFolderId ?? '');
  const chosen = classes.find((entry) => entry.classFolderId === folderId);
  const months = chosen?.months.map((month) => month.month) ?? [];
  const [kind, setKind] = useState<FreeCardKind>('full');
  const [fromMonth, setFromMonth] = useState(months[0] ?? '');
  const [untilMonth, setUntilMonth] = useState('');
  const mutation = useCreateFreeCardMutation();
  const kindId = useId();

  const changeClass = (next: string) => {
    setFolderId(next);
    setFromMonth(classes.find((entry) => entry.classFolderId === next)?.months[0]?.month ?? '');
    setUntilMonth('');
  };
  const submit = (reason: string) =>
    mutation.mutate(
      { studentId, folderId, kind, fromMonth, untilMonth: untilMonth || null, reason },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.freeCardGiven'), toast: true });
        },
      },
    );
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;

  return (
    <FeeReasonDialog
      title={t('feesAdmin.freeCardTitle', { name: studentName })}
      classes={classes}
      folderId={folderId}
      onClassChange={changeClass}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={t('feesAdmin.giveFreeCard')}
      ready={Boolean(fromMonth)}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormControl component="fieldset">
        <FormLabel component="legend" id={kindId}>
          {t('feesAdmin.kind')}
        </FormLabel>
        <RadioGroup aria-labelledby={kindId} value={kind} onChange={(event) => setKind(event.target.value as FreeCardKind)}>
          {FREE_CARD_KINDS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(KIND_LABELS[value])} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField select label={t('feesAdmin.fromMonth')} value={fromMonth} onChange={(event) => setFromMonth(event.target.value)} error={Boolean(refusal?.fieldMessage('fromMonth'))} helperText={refusal?.fieldMessage('fromMonth')} fullWidth>
        {months.map((month) => (
          <MenuItem key={month} value={month}>
            {monthLabel(month)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('feesAdmin.untilMonth')}
        value={untilMonth}
        onChange={(event) => setUntilMonth(event.target.value)}
        error={Boolean(refusal?.fieldMessage('untilMonth'))}
        helperText={refusal?.fieldMessage('untilMonth')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <MenuItem value="">{t('feesAdmin.untilYearEnd')}</MenuItem>
        {months
          .filter((month) => month >= fromMonth)
          .map((month) => (
            <MenuItem key={month} value={month}>
              {monthLabel(month)}
            </MenuItem>
          ))}
      </TextField>
    </FeeReasonDialog>
  );
}
