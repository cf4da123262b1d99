import { t } from 'i18next';
import { PlayArrowIcon as PlayArrow } from '../../../components/icons/play-arrow';
import { ReplayIcon as Replay } from '../../../components/icons/replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatClock } from '../../../i18n/format';

interface ResumePromptProps {
  seconds: number;
  onResume: () => void;
  onStartOver: () => void;
}

/** Over the video: "Resume from 47:12" or "Start over". */
export function ResumePrompt({ seconds, onResume, onStartOver }: ResumePromptProps) {
  return (
    <Box
      role="group"
      aria-label={t('watching.resumeTitle')}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 4,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        alignContent: 'center',
        gap: 1.5,
        p: 2,
        bgcolor: 'rgba(0,0,0,0.6)',
      }}
    >
      <Button variant="contained" color="secondary" startIcon={<PlayArrow />} onClick={onResume} autoFocus>
        {t('watching.resumeFrom', { time: formatClock(seconds) })}
      </Button>
      <Button variant="outlined" startIcon={<Replay />} onClick={onStartOver} sx={{ color: 'common.white', borderColor: 'common.white' }}>
        {t('watching.startOver')}
      </Button>
    </Box>
  );
}
