import { t } from 'i18next';
import LinearProgress from '@mui/material/LinearProgress';

/** How much of a lesson the student has watched, as a thin bar (a poster's foot, a card). */
export function WatchProgressBar({ percent, name, overlay = false }: { percent: number; name: string; overlay?: boolean }) {
  return (
    <LinearProgress
      variant="determinate"
      value={percent}
      aria-label={t('watching.watchedProgress', { percent, name })}
      color="secondary"
      sx={{
        height: 6,
        borderRadius: overlay ? 0 : 3,
        bgcolor: overlay ? 'rgba(255,255,255,0.45)' : undefined,
        ...(overlay ? { position: 'absolute', left: 0, right: 0, bottom: 0 } : {}),
      }}
    />
  );
}
