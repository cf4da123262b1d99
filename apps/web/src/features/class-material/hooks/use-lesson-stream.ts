import type Hls from 'hls.js';
import type { Level } from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { DATA_SAVER_MAX_HEIGHT, type QualityChoice } from '../lib/player-preferences';
import { setSource } from '../lib/video-element';

// Which way the lesson reaches the <video>: the HLS ladder through hls.js (loaded only here, in a
// chunk of its own), Safari's own HLS where hls.js cannot run (no MediaSource), or the original
// MP4 while the ladder is not ready yet. hls.js's light build: AES-128 segments, no DRM or subtitles.

export type StreamEngine = 'hls.js' | 'native-hls' | 'mp4';

export interface StreamSource {
  /** The master playlist's address for this ticket, once the ladder is ready. */
  hls?: string;
  mp4: string;
}

function labelOf(level: Level | undefined): string {
  return level ? level.name || `${level.height}p` : '';
}

/**
 * The highest rung to fetch in Auto (-1: no cap); rungs are lowest first. Never more pixels than
 * the player shows on this screen (a phone in portrait needs no 720p), and at most 360p with data
 * saver. Computed here rather than by hls.js's capLevelToPlayerSize, which writes the same
 * autoLevelCapping and would be overwritten by data saver's cap (or overwrite it).
 */
function capIndex(levels: Level[], dataSaver: boolean, video: HTMLVideoElement): number {
  if (levels.length === 0) return -1;
  const scale = window.devicePixelRatio || 1;
  const [width, height] = [video.clientWidth * scale, video.clientHeight * scale];
  const fits = levels.findIndex((level) => level.width >= width || level.height >= height);
  let cap = width > 0 && fits >= 0 ? fits : levels.length - 1;
  if (dataSaver) cap = Math.min(cap, Math.max(0, levels.filter((level) => level.height <= DATA_SAVER_MAX_HEIGHT).length - 1));
  return cap === levels.length - 1 ? -1 : cap;
}

/** Picks the viewer's quality on a running hls.js; Auto within capIndex's cap. A rung picked by hand is the viewer's call. */
function applyChoice(hls: Hls, quality: QualityChoice, dataSaver: boolean, video: HTMLVideoElement): void {
  const cap = capIndex(hls.levels, dataSaver, video);
  hls.autoLevelCapping = cap;
  const wanted = quality === 'auto' ? -1 : hls.levels.findIndex((level) => labelOf(level) === quality);
  const level = wanted >= 0 && (!dataSaver || cap < 0 || wanted <= cap) ? wanted : -1;
  // Only on a change: setting it switches at once, dropping what is downloaded ahead.
  if (hls.manualLevel !== level) hls.currentLevel = level;
}

export function useLessonStream(video: HTMLVideoElement | null, source: StreamSource, choice: { quality: QualityChoice; dataSaver: boolean }, onFatal: () => void) {
  const [hlsEngine, setHlsEngine] = useState<StreamEngine | null>(null);
  /** The rungs this lesson has, lowest first (hls.js only: Safari picks its own). */
  const [renditions, setRenditions] = useState<{ label: string; height: number }[]>([]);
  const [playing, setPlaying] = useState<string | null>(null);
  const hlsRef = useRef<Hls | null>(null);
  const choiceRef = useRef(choice);
  const fatalRef = useRef(onFatal);
  useEffect(() => {
    choiceRef.current = choice;
    fatalRef.current = onFatal;
  });

  useEffect(() => {
    if (!video) return;
    if (!source.hls) {
      setSource(video, source.mp4);
      return;
    }
    const master = source.hls;
    let cancelled = false;
    void import('hls.js/light').then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        // Safari on an iPhone: no MediaSource, but HLS (AES-128 included) is its own.
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          setSource(video, master);
          setHlsEngine('native-hls');
        } else fatalRef.current();
        return;
      }
      // No worker: the page's content policy lets scripts come only from this origin, and a lesson's
      // low rungs are light work. Start on the lowest rung (one small segment to the first frame;
      // Auto climbs from there as it measures the line) instead of hls.js's bandwidth test, which
      // spends a segment it then throws away. After a seek to what is not downloaded, Auto picks
      // a rung whose next segment arrives within about a second (hls.js waits up to 4 s by default):
      // on a 1.6 Mbit/s line, a 720p lecture segment takes nearly 3.
      const hls = new HlsClass({ enableWorker: false, startLevel: 0, testBandwidth: false, maxStarvationDelay: 1, maxLoadingDelay: 1 });
      hlsRef.current = hls;
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
        setRenditions(hls.levels.map((level) => ({ label: labelOf(level), height: level.height })));
        applyChoice(hls, choiceRef.current.quality, choiceRef.current.dataSaver, video);
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(labelOf(hls.levels[data.level])));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoder hiccup is recovered in place; a refused or lost playlist, segment or key (the ticket expired) asks for a new ticket.
        if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else fatalRef.current();
      });
      hls.loadSource(master);
      hls.attachMedia(video);
      setHlsEngine('hls.js');
    });
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [video, source.hls, source.mp4]);

  useEffect(() => {
    const hls = hlsRef.current;
    if (!video || !hls || hls.levels.length === 0) return;
    applyChoice(hls, choice.quality, choice.dataSaver, video);
    // The player's size changes the cap: full screen, a phone turned, a window resized.
    const resized = new ResizeObserver(() => {
      hls.autoLevelCapping = capIndex(hls.levels, choiceRef.current.dataSaver, video);
    });
    resized.observe(video);
    return () => resized.disconnect();
  }, [video, choice.quality, choice.dataSaver, renditions]);

  return { engine: source.hls ? hlsEngine : 'mp4', renditions, playing };
}
