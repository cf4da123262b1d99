import { t } from 'i18next';
import type { StudentClassFees } from '@academy/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface FeeClassFieldProps {
  classes: readonly StudentClassFees[];
  value: string;
  onChange: (folderId: string) => void;
}

/** Which of the student's classes with fees a card, an exception or a payment is for; shown only when there is a choice. */
export function FeeClassField({ classes, value, onChange }: FeeClassFieldProps) {
  if (classes.length < 2) return null;
  return (
    <TextField select label={t('feesAdmin.columnClass')} value={value} onChange={(event) => onChange(event.target.value)} fullWidth>
      {classes.map((entry) => (
        <MenuItem key={entry.classFolderId} value={entry.classFolderId}>
          {entry.className}
        </MenuItem>
      ))}
    </TextField>
  );
}
