import { describe, expect, it } from 'vitest';
import { connectionIsCostly } from './player-preferences';
import { cueAt, parseThumbnailsVtt } from './thumbnails-vtt';
import { addSample, bytesPerSecond, secondsLeft } from './transfer-rate';

// The player's and the uploader's plain rules: when data saver starts on, how the seek bar's cues
// are read, and how speed and time left are worked out.

describe('data saver by default', () => {
  it('is on for a cellular, slow or save-data line, off otherwise or where the browser does not say', () => {
    expect(connectionIsCostly({ type: 'cellular' })).toBe(true);
    expect(connectionIsCostly({ saveData: true })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(connectionIsCostly({ effectiveType })).toBe(true);
    expect(connectionIsCostly({ effectiveType: '4g', type: 'wifi' })).toBe(false);
    expect(connectionIsCostly(undefined)).toBe(false);
  });
});

describe('thumbnail cues', () => {
  const vtt = [
    'WEBVTT',
    '',
    '00:00:00.000 --> 00:00:02.000',
    '/api/lessons/a/thumbnails.jpg?t=x#xywh=0,0,160,90',
    '',
    '00:00:02.000 --> 00:00:04.000',
    '/api/lessons/a/thumbnails.jpg?t=x#xywh=160,0,160,90',
    '',
    '00:01:04.000 --> 00:01:05.500',
    '/api/lessons/a/thumbnails.jpg?t=x#xywh=0,90,160,90',
  ].join('\n');

  it('reads each cue: its times, the sprite address and the tile', () => {
    const cues = parseThumbnailsVtt(vtt);
    expect(cues).toHaveLength(3);
    expect(cues[1]).toEqual({ start: 2, end: 4, url: '/api/lessons/a/thumbnails.jpg?t=x', x: 160, y: 0, width: 160, height: 90 });
    expect(cues[2]).toMatchObject({ start: 64, end: 65.5, y: 90 });
  });

  it('finds the tile for a moment, and the last one past the end', () => {
    const cues = parseThumbnailsVtt(vtt);
    expect(cueAt(cues, 3)?.x).toBe(160);
    expect(cueAt(cues, 99)?.y).toBe(90);
  });
});

describe('upload speed and time left', () => {
  it('says nothing before a second of samples, then the rate over the last five seconds', () => {
    let samples = addSample([], { at: 0, sent: 0 });
    samples = addSample(samples, { at: 500, sent: 500_000 });
    expect(bytesPerSecond(samples)).toBeNull();
    samples = addSample(samples, { at: 2000, sent: 2_000_000 });
    expect(bytesPerSecond(samples)).toBe(1_000_000);
    // Ten seconds later at half the speed: the old fast samples are let go.
    for (let at = 3000; at <= 12_000; at += 1000) samples = addSample(samples, { at, sent: 2_000_000 + ((at - 2000) / 1000) * 500_000 });
    expect(bytesPerSecond(samples)).toBeCloseTo(500_000, -3);
    expect(secondsLeft(7_000_000, 12_000_000, 500_000)).toBe(10);
    expect(secondsLeft(0, 100, null)).toBeNull();
  });
});
