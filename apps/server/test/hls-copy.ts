import { createDecipheriv } from 'node:crypto';

// A lesson's stream saved as a downloader saves it (`ffmpeg -i <playlist> -c copy`): the key the
// playlist names, fetched with the viewer's ticket, and every segment decrypted, in order. The
// tracer's server test, its e2e spec and bench:forensics each fetch in their own way (inject,
// Playwright's request, fetch); the saving is this one. No test runner here: e2e and bench import it.

/** Fetches an address of the portal as the viewer would, answering its bytes (or failing). */
export type FetchBytes = (address: string) => Promise<Buffer>;

/** The value of one attribute in an HLS tag line, e.g. the IV of #EXT-X-KEY. */
export function hlsAttribute(playlist: string, tag: string, name: string): string | undefined {
  const line = playlist.split('\n').find((row) => row.startsWith(`${tag}:`));
  return line ? new RegExp(`${name}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/"/g, '') : undefined;
}

/** The addresses a playlist names (its lines that are not tags): rungs in a master, segments in a rung. */
export function playlistAddresses(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/**
 * The IV of the playlist's segment `index` (from 0): the IV its #EXT-X-KEY names, or else (the HLS
 * default, RFC 8216 5.2) its media sequence number, big-endian in 16 bytes.
 */
export function segmentIv(playlist: string, index: number): Buffer {
  const named = hlsAttribute(playlist, '#EXT-X-KEY', 'IV');
  if (named !== undefined) return Buffer.from(named.replace(/^0x/i, ''), 'hex');
  const firstSequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(playlist)?.[1] ?? 0);
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(firstSequence + index), 8);
  return iv;
}

/** Segments [first, first + count) of a rung's playlist, each decrypted with the key it names. */
export async function decryptedSegments(fetchBytes: FetchBytes, playlist: string, first = 0, count = Number.POSITIVE_INFINITY): Promise<Buffer[]> {
  const key = await fetchBytes(hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '');
  if (key.length !== 16) throw new Error(`the lesson key is ${key.length} bytes, not 16`);
  const segments: Buffer[] = [];
  for (const [offset, address] of playlistAddresses(playlist).slice(first, first + count).entries()) {
    const decipher = createDecipheriv('aes-128-cbc', key, segmentIv(playlist, first + offset));
    segments.push(Buffer.concat([decipher.update(await fetchBytes(address)), decipher.final()]));
  }
  return segments;
}
