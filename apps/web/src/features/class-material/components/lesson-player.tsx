import { t } from 'i18next';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLessonStream, type StreamSource } from '../hooks/use-lesson-stream';
import { usePlayerKeys } from '../hooks/use-player-keys';
import { useVideoState } from '../hooks/use-video-state';
import { readPlayerPreferences, writePlayerPreferences, type PlayerPreferences } from '../lib/player-preferences';
import { resumeWhenLoaded, setSpeed, togglePlay } from '../lib/video-element';
import { LessonControls } from './lesson-controls';
import { LessonSettingsMenu } from './lesson-settings-menu';

export interface LessonPlayerProps {
  title: string;
  /** The ladder's master playlist when ready, and the secure-file address of the original MP4. */
  source: StreamSource;
  thumbnailsUrl?: string;
  posterUrl?: string;
  durationSeconds?: number;
  /** Called when a read fails (the ticket expired or access ended); the page asks for a new address. */
  onReadError: () => void;
  watermark: ReactNode;
  /** Called with the <video> once it is there (and null when it goes), for features that follow playback. */
  onVideo?: (video: HTMLVideoElement | null) => void;
  /** Drawn over the picture, inside the full-screen frame, above the video and the watermark. */
  children?: ReactNode;
}

/**
 * A lesson, streamed adaptively: our own controls instead of the browser's, so there is
 * no download or picture-in-picture, and full screen is the frame's own, so the moving watermark
 * (and any overlay) stays above the video there too.
 */
export function LessonPlayer({ title, source, thumbnailsUrl, posterUrl, durationSeconds, onReadError, watermark, onVideo, children }: LessonPlayerProps) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [preferences, setPreferences] = useState<PlayerPreferences>(readPlayerPreferences);
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const onVideoRef = useRef(onVideo);
  useEffect(() => {
    onVideoRef.current = onVideo;
  });

  const videoRef = useCallback((element: HTMLVideoElement | null) => {
    setVideo(element);
    onVideoRef.current?.(element);
  }, []);

  const failed = useCallback(() => {
    if (video) resumeAt.current = { time: video.currentTime, playing: !video.paused };
    onReadError();
  }, [video, onReadError]);

  const stream = useLessonStream(video, source, preferences, failed);
  const state = useVideoState(video, durationSeconds);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame?.requestFullscreen();
  }, [frame]);
  usePlayerKeys(video, toggleFullscreen);

  useEffect(() => {
    const changed = () => setFullscreen(frame !== null && document.fullscreenElement === frame);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [frame]);

  useEffect(() => {
    if (video) setSpeed(video, preferences.speed);
  }, [video, preferences.speed, stream.engine]);

  // A new address (a fresh ticket) continues where the old one stopped.
  useEffect(() => {
    const resume = resumeAt.current;
    if (!video || !resume) return;
    resumeAt.current = null;
    return resumeWhenLoaded(video, resume);
  }, [video, source.hls, source.mp4]);

  const choose = (next: PlayerPreferences) => {
    setPreferences(next);
    writePlayerPreferences(next);
  };

  return (
    <Box
      ref={setFrame}
      data-testid="lesson-player"
      sx={{ position: 'relative', width: '100%', maxWidth: 1200, mx: 'auto', bgcolor: 'black', overflow: 'hidden', display: 'flex', flexDirection: 'column', ...(fullscreen ? { height: '100vh', maxWidth: 'none' } : {}) }}
    >
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box
          component="video"
          ref={videoRef}
          title={title}
          aria-label={title}
          poster={posterUrl}
          playsInline
          preload="metadata"
          disablePictureInPicture
          controlsList="nodownload noremoteplayback"
          data-engine={stream.engine ?? ''}
          onClick={() => video && togglePlay(video)}
          onError={source.hls ? undefined : failed}
          sx={{ display: 'block', width: '100%', maxHeight: fullscreen ? '100%' : 'calc(100dvh - 190px)', height: fullscreen ? '100%' : 'auto', cursor: 'pointer' }}
        />
        {watermark}
        {children && (
          <Box sx={{ position: 'absolute', inset: 0, zIndex: 4, pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>{children}</Box>
        )}
      </Box>
      <LessonControls
        video={video}
        state={state}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
        thumbnailsUrl={thumbnailsUrl}
        settings={<LessonSettingsMenu preferences={preferences} onChange={choose} renditions={stream.renditions} playing={stream.playing} />}
      />
      <Box component="p" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', m: 0 }}>
        {t('lessons.keyboardHelp')}
      </Box>
    </Box>
  );
}
