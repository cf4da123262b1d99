import { inflateSync } from 'node:zlib';

/** A font's line metrics as fractions of its em: what the CSS metric overrides take. */
export interface VerticalMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
}

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const DIRECTORY_START = 44;
const DIRECTORY_ENTRY = 20;

/** One table of a WOFF 1.0 file, inflated when stored compressed. */
function woffTable(woff: Buffer, tag: string): Buffer {
  if (woff.length < DIRECTORY_START || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const tables = woff.readUInt16BE(12);
  for (let index = 0; index < tables; index += 1) {
    const entry = DIRECTORY_START + index * DIRECTORY_ENTRY;
    if (woff.toString('latin1', entry, entry + 4) !== tag) continue;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const bytes = woff.subarray(offset, offset + stored);
    return stored < length ? inflateSync(bytes) : bytes;
  }
  throw new Error(`the font has no '${tag}' table`);
}

/**
 * The ascent, descent and line gap of a WOFF 1.0 font (its 'hhea' table, over 'head''s units per
 * em): the metrics browsers lay a line of it out with, read from the font file itself rather than
 * copied by hand, so they follow the font's version.
 */
export function verticalMetrics(woff: Buffer): VerticalMetrics {
  const head = woffTable(woff, 'head');
  const hhea = woffTable(woff, 'hhea');
  const unitsPerEm = head.readUInt16BE(18);
  return {
    ascent: hhea.readInt16BE(4) / unitsPerEm,
    descent: -hhea.readInt16BE(6) / unitsPerEm,
    lineGap: hhea.readInt16BE(8) / unitsPerEm,
  };
}
