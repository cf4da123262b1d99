import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../service-worker/sw.js', import.meta.url));

/**
 * Files of the build the worker does not download on install: the install icons (the browser
 * fetches them itself when it installs the app; the notifications' badge stays in, so a push shows
 * it offline too), PDF.js (about 1.4 MB, needed only
 * once a student opens a handout, then kept at its first download) and the .woff fonts, which only
 * browsers without woff2 (and so without service workers) ask for.
 */
const NOT_IN_SHELL = [/^\/icons\/(?!badge-)/, /\/pdf[.-]/, /\.woff$/, /\.(br|gz)$/, /^\/index\.html$/, /^\/sw\.js$/];

/** The public folder's files (copied into the build as they are), by address, with their bytes. */
async function publicFiles(publicDir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((item) => item.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files.set(`/${path.relative(publicDir, full).split(path.sep).join('/')}`, await readFile(full));
  }
  return files;
}

/**
 * Writes service-worker/sw.js into the build as /sw.js, with the app shell's file list and a
 * version made from the built files' hashed names and the public files' bytes. Every build whose
 * files differ gives a byte-different sw.js, which is what makes browsers install the new worker
 * (and drop the old cache); an unchanged build leaves it as it was.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'academy-service-worker',
    apply: 'build',
    configResolved: (config) => {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const statics = publicDir ? await publicFiles(publicDir) : new Map<string, Buffer>();
      const files = [...Object.keys(bundle).map((fileName) => `/${fileName}`), ...statics.keys()]
        .filter((file) => !NOT_IN_SHELL.some((pattern) => pattern.test(file)))
        .sort();
      const hash = createHash('sha256').update(files.join('\n'));
      for (const bytes of statics.values()) hash.update(bytes);
      const version = hash.digest('hex').slice(0, 12);
      const source = (await readFile(SOURCE, 'utf8'))
        .replace("'__ACADEMY_SW_VERSION__'", JSON.stringify(version))
        .replace('__ACADEMY_SW_SHELL__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
