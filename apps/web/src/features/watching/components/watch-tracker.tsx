import { useState, type ReactNode } from 'react';
import { useOpenedReport, useWatchProgress } from '../hooks/use-watch-progress';
import { ResumePrompt } from './resume-prompt';

/** What the player takes from the tracker: where its <video> goes, and what lies over it. */
export interface PlayerSeam {
  onVideo: (video: HTMLVideoElement | null) => void;
  overlay: ReactNode;
}

interface WatchTrackerProps {
  fileId: string;
  kind: 'video' | 'pdf';
  children: (seam: PlayerSeam) => ReactNode;
}

function VideoTracker({ fileId, children }: Omit<WatchTrackerProps, 'kind'>) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const progress = useWatchProgress(fileId, video);
  const overlay = progress.resumeAt === null ? null : <ResumePrompt seconds={progress.resumeAt} onResume={progress.resume} onStartOver={progress.startOver} />;
  return children({ onVideo: setVideo, overlay });
}

function PdfTracker({ fileId, children }: Omit<WatchTrackerProps, 'kind'>) {
  useOpenedReport(fileId);
  return children({ onVideo: () => undefined, overlay: null });
}

/** Wraps the file viewer's player (router composition): progress reports and the resume prompt. */
export function WatchTracker({ kind, ...props }: WatchTrackerProps) {
  return kind === 'video' ? <VideoTracker {...props} /> : <PdfTracker {...props} />;
}
