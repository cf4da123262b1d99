import { t } from 'i18next';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import type { PaperFormValues } from '../lib/paper-form';

interface SriLankaTimeFieldProps {
  name: 'opensAt' | 'closesAt' | 'releaseAt';
  label: string;
  /** Said before "Sri Lanka time" when there is no refusal to show. */
  hint?: string;
  problem?: string;
  disabled?: boolean;
}

/**
 * A date and time read as Sri Lanka wall time whatever the laptop's zone (docs/papers.md,
 * 'Time'), and saying so beside the field: a tutor abroad must not open a paper hours early.
 */
export function SriLankaTimeField({ name, label, hint, problem, disabled = false }: SriLankaTimeFieldProps) {
  const { register } = useFormContext<PaperFormValues>();
  const note = hint ? `${hint} · ${t('papers.sriLankaTime')}` : t('papers.sriLankaTime');
  return (
    <TextField
      {...register(name)}
      type="datetime-local"
      label={label}
      disabled={disabled}
      fullWidth
      error={Boolean(problem)}
      helperText={problem ? `${problem} · ${t('papers.sriLankaTime')}` : note}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
