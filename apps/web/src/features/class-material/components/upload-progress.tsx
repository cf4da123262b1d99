import { t } from 'i18next';
import { PauseIcon as Pause } from '../../../components/icons/pause';
import { PlayArrowIcon as PlayArrow } from '../../../components/icons/play-arrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../../../i18n/format';
import type { UploadState } from '../hooks/use-upload-queue';

function duration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return t('classMaterial.hoursMinutes', { hours, minutes });
  if (minutes > 0) return t('classMaterial.minutesSeconds', { minutes, seconds });
  return t('classMaterial.seconds', { seconds });
}

interface UploadProgressProps {
  progress: UploadState;
  onPause: () => void;
  onResume: () => void;
}

/** The file being sent: how far, how fast, how long still; pause and resume. */
export function UploadProgress({ progress, onPause, onResume }: UploadProgressProps) {
  const { name, index, count, percent } = progress;
  const details = [
    t('classMaterial.uploadBytes', { done: formatBytes(progress.sent), total: formatBytes(progress.total) }),
    ...(progress.rate === null ? [] : [t('classMaterial.uploadSpeed', { speed: formatBytes(progress.rate) })]),
    ...(progress.secondsLeft === null ? [] : [t('classMaterial.uploadTimeLeft', { time: duration(progress.secondsLeft) })]),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t(progress.paused ? 'classMaterial.uploadPausedFile' : 'classMaterial.uploadingFile', { name, index, count, percent })}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} aria-label={t('classMaterial.uploadProgressOf', { name })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" data-testid="upload-rate">
          {details.join(' · ')}
        </Typography>
        {progress.paused ? (
          <Button size="small" variant="contained" startIcon={<PlayArrow />} onClick={onResume}>
            {t('classMaterial.resumeUpload')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" startIcon={<Pause />} onClick={onPause}>
            {t('classMaterial.pauseUpload')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
