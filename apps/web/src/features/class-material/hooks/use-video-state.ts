import { useEffect, useState } from 'react';

export interface VideoState {
  paused: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  rate: number;
}

const EVENTS = ['play', 'pause', 'timeupdate', 'durationchange', 'loadedmetadata', 'volumechange', 'ratechange', 'seeked', 'emptied'] as const;

/** What the controls show of the <video>, as its own events tell it. */
export function useVideoState(video: HTMLVideoElement | null, knownDuration?: number): VideoState {
  const [state, setState] = useState<VideoState>({ paused: true, currentTime: 0, duration: knownDuration ?? 0, muted: false, rate: 1 });
  useEffect(() => {
    if (!video) return;
    const read = () =>
      setState({
        paused: video.paused,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (knownDuration ?? 0),
        muted: video.muted,
        rate: video.playbackRate,
      });
    read();
    for (const name of EVENTS) video.addEventListener(name, read);
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, read);
    };
  }, [video, knownDuration]);
  return state;
}
