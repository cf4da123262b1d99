import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { CloudOffOutlinedIcon } from '../../../components/icons/cloud-off-outlined';
import { GppMaybeIcon } from '../../../components/icons/gpp-maybe';
import { HourglassTopIcon } from '../../../components/icons/hourglass-top';
import type { QueueState } from '../lib/answer-queue';

/** The words and the mark of each state: what the server acknowledged, never what was sent. */
function shown(state: QueueState): { text: string; icon: ReactNode } {
  switch (state.kind) {
    case 'saved':
      return { text: t('papers.saved'), icon: <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} /> };
    case 'saving':
      return { text: t('papers.saving'), icon: <HourglassTopIcon fontSize="small" sx={{ color: 'text.secondary' }} /> };
    case 'offline':
      return {
        text: state.waiting > 0 ? t('papersSitting.offlineWaiting', { count: state.waiting }) : t('papersSitting.offlineHandIn'),
        icon: <CloudOffOutlinedIcon fontSize="small" sx={{ color: 'warning.dark' }} />,
      };
    case 'signed-out':
      return { text: t('papersSitting.signedOut', { count: state.waiting }), icon: <GppMaybeIcon fontSize="small" sx={{ color: 'warning.dark' }} /> };
    case 'failed':
      return { text: t('papersSitting.notSent'), icon: <GppMaybeIcon fontSize="small" sx={{ color: 'error.main' }} /> };
    case 'time-up':
      return { text: t('papers.notSentTimeUp'), icon: <GppMaybeIcon fontSize="small" sx={{ color: 'error.main' }} /> };
    case 'handed-in':
      return { text: t('papers.handedIn'), icon: <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} /> };
  }
}

/**
 * "Saved", "Saving…", "Offline: 3 answers waiting, they will be sent", "Not sent: time was up"
 * (docs/papers.md, 'Saving answers'), in a status region, so a screen reader hears each
 * change without losing its place. A refusal a new start can fix offers Try again.
 */
export function SaveStatus({ state, onRetry }: { state: QueueState; onRetry: () => void }) {
  const { text, icon } = shown(state);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Box component="span" aria-hidden sx={{ display: 'inline-flex', flexShrink: 0 }}>
          {icon}
        </Box>
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      </Box>
      {state.kind === 'failed' && (
        <Button size="small" variant="outlined" onClick={onRetry} sx={{ flexShrink: 0 }}>
          {t('papersSitting.tryAgain')}
        </Button>
      )}
    </Box>
  );
}
