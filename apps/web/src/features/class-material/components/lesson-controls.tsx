import { t } from 'i18next';
import { Forward10Icon as Forward10 } from '../../../components/icons/forward10';
import { FullscreenIcon as Fullscreen } from '../../../components/icons/fullscreen';
import { FullscreenExitIcon as FullscreenExit } from '../../../components/icons/fullscreen-exit';
import { PauseIcon as Pause } from '../../../components/icons/pause';
import { PlayArrowIcon as PlayArrow } from '../../../components/icons/play-arrow';
import { Replay10Icon as Replay10 } from '../../../components/icons/replay10';
import { VolumeOffIcon as VolumeOff } from '../../../components/icons/volume-off';
import { VolumeUpIcon as VolumeUp } from '../../../components/icons/volume-up';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatClock } from '../../../i18n/format';
import { SEEK_STEP_SECONDS } from '../hooks/use-player-keys';
import { seekBy, seekTo, toggleMute, togglePlay } from '../lib/video-element';
import type { VideoState } from '../hooks/use-video-state';
import { LessonSeekBar } from './lesson-seek-bar';

interface LessonControlsProps {
  video: HTMLVideoElement | null;
  state: VideoState;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  thumbnailsUrl?: string;
  /** The settings menu (quality, data saver, speed). */
  settings: ReactNode;
}

const white = { color: 'common.white' };

/** The bar under the picture: the seek bar, then play, ±10 s, time, mute, settings and full screen. */
export function LessonControls({ video, state, fullscreen, onToggleFullscreen, thumbnailsUrl, settings }: LessonControlsProps) {
  const act = (action: (element: HTMLVideoElement) => void) => () => video && action(video);
  return (
    <Box sx={{ bgcolor: '#0b0f17', pb: 0.5 }}>
      <LessonSeekBar currentTime={state.currentTime} duration={state.duration} thumbnailsUrl={thumbnailsUrl} onSeek={(seconds) => video && seekTo(video, seconds)} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, px: 0.5, flexWrap: 'wrap' }}>
        <IconButton aria-label={state.paused ? t('lessons.play') : t('lessons.pause')} onClick={act(togglePlay)} sx={white}>
          {state.paused ? <PlayArrow /> : <Pause />}
        </IconButton>
        <IconButton aria-label={t('lessons.back10')} onClick={act((element) => seekBy(element, -SEEK_STEP_SECONDS))} sx={white}>
          <Replay10 />
        </IconButton>
        <IconButton aria-label={t('lessons.forward10')} onClick={act((element) => seekBy(element, SEEK_STEP_SECONDS))} sx={white}>
          <Forward10 />
        </IconButton>
        <Typography variant="body2" sx={{ color: 'common.white', px: 0.5, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="lesson-time">
          {formatClock(state.currentTime)} / {formatClock(state.duration)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton aria-label={state.muted ? t('lessons.unmute') : t('lessons.mute')} onClick={act(toggleMute)} sx={white}>
          {state.muted ? <VolumeOff /> : <VolumeUp />}
        </IconButton>
        {settings}
        <IconButton aria-label={fullscreen ? t('classMaterial.exitFullScreen') : t('classMaterial.fullScreen')} onClick={onToggleFullscreen} sx={white}>
          {fullscreen ? <FullscreenExit /> : <Fullscreen />}
        </IconButton>
      </Box>
    </Box>
  );
}
