import { t } from 'i18next';
import type { TraceNoMatchReason } from '@academy/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** The answer when the evidence names no one: why, and that naming no one is the tracer's rule, not a fault. */
export function TraceNoMatchCard({ reason }: { reason: TraceNoMatchReason | undefined }) {
  return (
    <Alert severity="warning" variant="outlined" data-testid="trace-no-match" sx={{ borderRadius: 3, overflowWrap: 'anywhere' }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{t('forensics.noMatchTitle')}</AlertTitle>
      {reason ? `${t(`forensics.reasons.${reason}`)}. ` : ''}
      {t('forensics.noMatchRule')}
    </Alert>
  );
}
