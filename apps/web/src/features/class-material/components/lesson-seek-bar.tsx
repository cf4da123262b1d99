import { t } from 'i18next';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import { useEffect, useState } from 'react';
import { formatClock } from '../../../i18n/format';
import { cueAt, parseThumbnailsVtt, type ThumbnailCue } from '../lib/thumbnails-vtt';

interface LessonSeekBarProps {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  /** The WebVTT cues into the thumbnail sprite, for this ticket (a ready lesson only). */
  thumbnailsUrl?: string;
}

function useThumbnailCues(url: string | undefined): ThumbnailCue[] {
  const [cues, setCues] = useState<ThumbnailCue[]>([]);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => live && setCues(parseThumbnailsVtt(text)))
      // No thumbnails is no harm: the bar still seeks.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return cues;
}

/** The position in the lesson; pointing at it (or dragging) shows that moment's thumbnail above it. */
export function LessonSeekBar({ currentTime, duration, onSeek, thumbnailsUrl }: LessonSeekBarProps) {
  const cues = useThumbnailCues(thumbnailsUrl);
  const [dragging, setDragging] = useState<number | null>(null);
  const [hover, setHover] = useState<{ time: number; fraction: number } | null>(null);
  const shownTime = dragging ?? currentTime;
  const preview = hover ?? (dragging === null || duration <= 0 ? null : { time: dragging, fraction: dragging / duration });
  const cue = preview && cues.length > 0 ? cueAt(cues, preview.time) : undefined;

  const pointAt = (clientX: number, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
    setHover({ time: fraction * duration, fraction });
  };

  return (
    <Box data-testid="seek-bar" sx={{ position: 'relative', px: 1 }} onMouseMove={(event) => duration > 0 && pointAt(event.clientX, event.currentTarget)} onMouseLeave={() => setHover(null)}>
      {preview && cue && (
        <Box
          aria-hidden
          data-testid="seek-thumbnail"
          sx={{
            position: 'absolute',
            bottom: '100%',
            // Kept inside the bar at either end.
            left: `clamp(0px, calc(${preview.fraction * 100}% - ${cue.width / 2}px), calc(100% - ${cue.width}px))`,
            width: cue.width,
            mb: 0.5,
            pointerEvents: 'none',
            zIndex: 5,
          }}
        >
          <Box sx={{ width: cue.width, height: cue.height, backgroundImage: `url("${cue.url}")`, backgroundPosition: `-${cue.x}px -${cue.y}px`, border: '2px solid white', borderRadius: 1 }} />
          <Box sx={{ textAlign: 'center', color: 'common.white', fontSize: '0.8rem', textShadow: '0 0 3px black' }}>{formatClock(preview.time)}</Box>
        </Box>
      )}
      <Slider
        size="small"
        min={0}
        max={Math.max(duration, 0.1)}
        step={0.1}
        value={Math.min(shownTime, Math.max(duration, 0.1))}
        onChange={(_event, value) => setDragging(value as number)}
        onChangeCommitted={(_event, value) => {
          setDragging(null);
          onSeek(value as number);
        }}
        aria-label={t('lessons.seekBar')}
        getAriaValueText={(value) => `${formatClock(value)} / ${formatClock(duration)}`}
        sx={{ color: '#ff5252', py: 1.25 }}
      />
    </Box>
  );
}
