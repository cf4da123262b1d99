import { REPORT_INTERVAL_SECONDS } from '@academy/contract';
import { useEffect, useState } from 'react';
import { useProgressQuery } from '../api/get-progress';
import { flushReports, enqueueReport } from '../lib/report-queue';
import { PlayedRanges } from '../lib/played-ranges';
import { worthReporting } from '../lib/position-moved';

/** Closer to the start than this, or to the end, a lesson starts over without asking. */
const RESUME_MARGIN_SECONDS = 5;

export interface WatchProgress {
  /** Where the student stopped last time (any device), while they have not chosen yet. */
  resumeAt: number | null;
  resume: () => void;
  startOver: () => void;
}

function seekAndPlay(video: HTMLVideoElement, seconds: number): void {
  const go = () => {
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
  };
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) go();
  else video.addEventListener('loadedmetadata', go, { once: true });
}

/**
 * The player seam for progress: reports where the student is and what they played, about every
 * 15 s while playing and at once on pause, seek, end and when the tab is hidden or closed (each
 * only when something was played or the position moved: lib/position-moved.ts); and offers to
 * resume where they stopped. Works on any <video> (the MP4 viewer, hls.js's player).
 */
export function useWatchProgress(fileId: string, video: HTMLVideoElement | null): WatchProgress {
  const progress = useProgressQuery(fileId);
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    if (!video) return;
    const ranges = new PlayedRanges();
    let lastReported = video.currentTime;
    const report = (closing = false) => {
      const played = ranges.take();
      const position = Math.round(video.currentTime * 100) / 100;
      if (!worthReporting(played, position, lastReported)) return;
      lastReported = position;
      const duration = Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration * 100) / 100 : undefined;
      enqueueReport({ fileId, positionSeconds: position, played, at: Date.now(), ...(duration ? { durationSeconds: duration } : {}) });
      void flushReports({ keepalive: closing });
    };
    const onTime = () => {
      if (!video.paused && !video.seeking) ranges.played(video.currentTime);
    };
    const onSeeking = () => ranges.broken();
    const onPause = () => {
      ranges.broken();
      report();
    };
    const onSeeked = () => report();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);
    const timer = window.setInterval(() => {
      if (!video.paused) report();
    }, REPORT_INTERVAL_SECONDS * 1000);
    // One signal takes every listener off again.
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener('timeupdate', onTime, { signal });
    video.addEventListener('seeking', onSeeking, { signal });
    video.addEventListener('seeked', onSeeked, { signal });
    video.addEventListener('pause', onPause, { signal });
    document.addEventListener('visibilitychange', onHidden, { signal });
    window.addEventListener('pagehide', onPageHide, { signal });
    // What an earlier page left unsent goes first.
    void flushReports();
    return () => {
      window.clearInterval(timer);
      listening.abort();
      report(true);
    };
  }, [fileId, video]);

  // Playing on without choosing is choosing to start where the video is.
  useEffect(() => {
    if (!video) return;
    const played = () => setChosen(true);
    video.addEventListener('play', played);
    return () => video.removeEventListener('play', played);
  }, [video]);

  const saved = progress.data;
  const offer =
    !chosen && video && saved && saved.positionSeconds > RESUME_MARGIN_SECONDS && (saved.durationSeconds === null || saved.positionSeconds < saved.durationSeconds - RESUME_MARGIN_SECONDS)
      ? saved.positionSeconds
      : null;

  return {
    resumeAt: offer,
    resume: () => {
      setChosen(true);
      if (video && offer !== null) seekAndPlay(video, offer);
    },
    startOver: () => {
      setChosen(true);
      if (video) seekAndPlay(video, 0);
    },
  };
}

/** A PDF counts as opened: one report when it is shown. */
export function useOpenedReport(fileId: string): void {
  useEffect(() => {
    enqueueReport({ fileId, positionSeconds: 0, played: [], at: Date.now() });
    void flushReports();
  }, [fileId]);
}
