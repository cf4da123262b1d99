import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The database copy inside a backup folder, by engine. */
export const DATABASE_FILE = { sqlite: 'portal.sqlite', postgres: 'portal.pgdump' } as const;
/** The data folder's other files, under this folder of the backup. */
export const FILES_FOLDER = 'data';
export const MANIFEST_FILE = 'manifest.json';

const entrySchema = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[a-f0-9]{64}$/) });
export type ManifestEntry = z.infer<typeof entrySchema>;

/**
 * Written last: a backup folder without its manifest is unfinished. Every file carries its size
 * and SHA-256, so a restore refuses a copy that was damaged or cut short in transit.
 */
export const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The database copy first, then the data folder's files, paths relative to the backup folder. */
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function describeFile(absolute: string, relative: string): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(absolute), hash);
  return { path: relative, size: (await stat(absolute)).size, sha256: hash.digest('hex') };
}
