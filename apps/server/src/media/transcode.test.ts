import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptedSegments, hlsAttribute, playlistAddresses } from '../../test/hls-copy';
import { testVideo } from '../../test/videos';
import { mediaBinaries } from './binaries';
import { probeVideo } from './probe';
import { KEY_URI_PLACEHOLDER, transcodeLesson } from './transcode';

// The ladder's encryption as ffmpeg writes it: segments decrypted from the stored files with the
// key and the IV the playlist tells a player to use. Lessons queued now take sequence-number IVs;
// lessons transcoded before keep one fixed IV, which their playlists name, and must still open.

const binaries = mediaBinaries({ ffmpegPath: null, ffprobePath: null });
const dir = mkdtempSync(path.join(tmpdir(), 'academy-transcode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ladder A of an 8 s 320x240 video (one 240p rung, two segments), with the given IV. */
async function ladder(name: string, iv: Buffer | null) {
  const source = path.join(dir, `${name}.mp4`);
  writeFileSync(source, testVideo({ seconds: 8, width: 320, height: 240 }));
  const key = randomBytes(16);
  const work = path.join(dir, `${name}-work`);
  const outDir = path.join(work, 'out');
  const { renditions } = await transcodeLesson(binaries, { source, facts: await probeVideo(binaries, source), outDir, key, iv, mark: 'A' }, work);
  const rungDir = path.join(outDir, renditions[0] ?? '');
  const playlist = readFileSync(path.join(rungDir, 'index.m3u8'), 'utf8');
  const fetchBytes = async (address: string) => (address === KEY_URI_PLACEHOLDER ? key : readFileSync(path.join(rungDir, address)));
  return { playlist, segments: await decryptedSegments(fetchBytes, playlist) };
}

/** Whether each decrypted segment is MPEG-TS from its first byte (a wrong IV garbles the first block). */
const allTransportStreams = (segments: Buffer[]) => segments.every((plain) => plain[0] === 0x47 && plain[188] === 0x47);

describe('segment encryption', () => {
  it('gives each segment its sequence number as IV when the lesson has no fixed IV', async () => {
    const { playlist, segments } = await ladder('sequence', null);
    expect(hlsAttribute(playlist, '#EXT-X-KEY', 'METHOD')).toBe('AES-128');
    expect(hlsAttribute(playlist, '#EXT-X-KEY', 'IV')).toBeUndefined();
    expect(playlistAddresses(playlist)).toEqual(['0.ts', '1.ts']);
    expect(allTransportStreams(segments)).toBe(true);
  }, 120_000);

  it('keeps an older lesson\'s fixed IV, named in its playlist, so it still opens', async () => {
    const iv = randomBytes(16);
    const { playlist, segments } = await ladder('fixed', iv);
    expect(hlsAttribute(playlist, '#EXT-X-KEY', 'IV')?.toLowerCase()).toBe(`0x${iv.toString('hex')}`);
    expect(segments).toHaveLength(2);
    expect(allTransportStreams(segments)).toBe(true);
  }, 120_000);
});
