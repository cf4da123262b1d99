// Makes sure the browser suite has a Chromium before it starts (`npm test`, `.ci/run`), so the
// test command passes on a machine that has only Node.js. Found already (CHROMIUM_PATH, Debian's
// chromium-headless-shell or chromium, or Playwright's own browser): nothing to do. Else it says
// what it does and installs one: Debian's chromium-headless-shell through apt when running as
// root on Debian, Playwright's installer (its own build, in its cache folder) anywhere else.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemChromium } from '../e2e/support/system-chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Playwright's own Chromium, when its installer has put it in place. */
function playwrightChromium() {
  try {
    const require = createRequire(path.join(root, 'e2e/package.json'));
    const { chromium } = require('playwright-core');
    const executable = chromium.executablePath();
    return existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  // .ci/run keeps npm ci from downloading Playwright's browser; this is the one place that may.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '' };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`ensure-chromium: ${command} failed (exit ${result.status}); install Chromium and set CHROMIUM_PATH`);
    process.exit(result.status ?? 1);
  }
}

const found = systemChromium(process.env) ?? playwrightChromium();
if (found) {
  console.log(`Chromium for the browser suite: ${found}`);
} else if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
  console.log("No Chromium found: installing Debian's chromium-headless-shell with apt-get (running as root on Debian).");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
} else {
  console.log("No Chromium found: installing Playwright's own Chromium with its installer (playwright install chromium).");
  run('npm', ['exec', '--workspace', '@academy/e2e', '--', 'playwright', 'install', 'chromium']);
}
