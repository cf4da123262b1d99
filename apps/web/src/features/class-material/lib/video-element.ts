// What the player does to its <video>, in one place: the element is the browser's, not React
// state, so it is changed here rather than inside components.

export function togglePlay(video: HTMLVideoElement): void {
  if (video.paused) void video.play().catch(() => undefined);
  else video.pause();
}

export function seekTo(video: HTMLVideoElement, seconds: number): void {
  const end = Number.isFinite(video.duration) ? video.duration : Infinity;
  video.currentTime = Math.min(Math.max(0, seconds), end);
}

export function seekBy(video: HTMLVideoElement, seconds: number): void {
  seekTo(video, video.currentTime + seconds);
}

export function toggleMute(video: HTMLVideoElement): void {
  video.muted = !video.muted;
}

export function setSpeed(video: HTMLVideoElement, rate: number): void {
  video.playbackRate = rate;
}

export function setSource(video: HTMLVideoElement, url: string): void {
  video.src = url;
}

/** Once the new address has loaded, goes back to where the old one stopped. */
export function resumeWhenLoaded(video: HTMLVideoElement, at: { time: number; playing: boolean }): () => void {
  const seek = () => {
    video.currentTime = at.time;
    if (at.playing) void video.play().catch(() => undefined);
  };
  video.addEventListener('loadedmetadata', seek, { once: true });
  return () => video.removeEventListener('loadedmetadata', seek);
}
