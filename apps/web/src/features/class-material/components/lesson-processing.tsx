import { t } from 'i18next';
import type { LessonProcessing as Processing } from '@academy/contract';
import { RefreshIcon as Refresh } from '../../../components/icons/refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { translateServerMessage } from '../../../i18n/server-text';
import { remarking } from '../lib/lesson-marks';
import { useRetryLessonMutation } from '../api/retry-lesson';
import { failureText } from '../../../lib/failure-alerts';
import { LessonMarksChip } from './lesson-marks-chip';

/**
 * Admins only: where a lesson's streamed version stands, live, with its leak marks once ready; a
 * failure with its reason and a Retry.
 */
export function LessonProcessing({ fileId, name, processing }: { fileId: string; name: string; processing: Processing }) {
  const retry = useRetryLessonMutation();
  if (processing.state === 'ready') {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 600 }} data-testid="lesson-state">
          {t('lessons.ready')}
        </Typography>
        {processing.marks && <LessonMarksChip marks={remarking(processing) ? 'adding' : processing.marks} />}
      </Box>
    );
  }
  if (processing.state === 'failed') {
    return (
      <Box data-testid="lesson-state" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Alert severity="error" sx={{ overflowWrap: 'anywhere', py: 0 }}>
          {t('lessons.failed')}
          {processing.error ? `: ${translateServerMessage(processing.error)}` : ''}
          {retry.error ? ` (${failureText(retry.error)})` : ''}
        </Alert>
        <Button variant="outlined" color="error" size="small" startIcon={<Refresh />} disabled={retry.isPending} onClick={() => retry.mutate(fileId)} sx={{ alignSelf: 'flex-start' }}>
          {t('lessons.retry')}
        </Button>
      </Box>
    );
  }
  const queued = processing.state === 'queued';
  return (
    <Box data-testid="lesson-state">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {queued ? t('lessons.queued') : t('lessons.processing', { progress: processing.progress })}
      </Typography>
      <LinearProgress
        variant={queued ? 'indeterminate' : 'determinate'}
        value={processing.progress}
        aria-label={t('lessons.processingOf', { name })}
      />
    </Box>
  );
}
