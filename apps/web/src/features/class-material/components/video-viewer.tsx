import { t } from 'i18next';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface VideoViewerProps {
  src: string;
  title: string;
  /** Called when a read fails (the ticket expired or access ended); the viewer asks for a new address. */
  onReadError: () => void;
  watermark: ReactNode;
}

/**
 * The lesson video, streamed by Range so it seeks at once. No download or picture-in-picture, and
 * full screen is the frame's own, so the watermark stays on top of the video there too.
 */
export function VideoViewer({ src, title, onReadError, watermark }: VideoViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  // A new address (a fresh ticket) continues where the old one stopped.
  useEffect(() => {
    const element = video.current;
    const resume = resumeAt.current;
    if (!element || !resume) return;
    resumeAt.current = null;
    const seek = () => {
      element.currentTime = resume.time;
      if (resume.playing) void element.play().catch(() => undefined);
    };
    element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [src]);

  const failed = () => {
    const element = video.current;
    if (element) resumeAt.current = { time: element.currentTime, playing: !element.paused };
    onReadError();
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };

  return (
    <Box ref={frame} sx={{ position: 'relative', width: '100%', maxWidth: 1200, mx: 'auto', bgcolor: 'black', overflow: 'hidden' }}>
      <Box
        component="video"
        ref={video}
        src={src}
        title={title}
        aria-label={title}
        controls
        playsInline
        preload="metadata"
        disablePictureInPicture
        controlsList="nodownload nofullscreen noremoteplayback"
        onError={failed}
        sx={{ display: 'block', width: '100%', maxHeight: fullscreen ? '100vh' : 'calc(100dvh - 120px)' }}
      />
      {watermark}
      <IconButton
        aria-label={fullscreen ? t('classMaterial.exitFullScreen') : t('classMaterial.fullScreen')}
        onClick={toggleFullscreen}
        sx={{ position: 'absolute', top: 8, right: 8, zIndex: 3, color: 'common.white', bgcolor: 'rgba(0,0,0,0.35)' }}
      >
        {fullscreen ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Box>
  );
}
