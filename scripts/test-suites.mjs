// `npm test`'s last step: the server suite and the browser suite at the same time, the browser
// suite in its two halves (playwright.config.ts's projects), each half with its own server and
// data folder. The browser specs spend most of their time waiting on pages and the server suite
// on the databases, so together they finish many minutes sooner on a two-core machine than one
// after the other, which keeps `npm ci && npm test` on a fresh clone near ten minutes. Each line
// is prefixed with its suite's name; the exit code is the first failure's, or 0 when all pass.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const basePort = Number(process.env.E2E_PORT ?? 18765);

function prefixed(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

function run(name, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    prefixed(child.stdout, name, process.stdout);
    prefixed(child.stderr, name, process.stderr);
    child.on('close', (code) => {
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
      resolve(code ?? 1);
    });
  });
}

async function browserSuite() {
  const built = await run('build', ['run', 'build']);
  if (built !== 0) return built;
  const halves = ['flows', 'screens'].map((project, index) =>
    run(`e2e ${project}`, ['test', '--workspace', '@academy/e2e', '--', '--project', project], {
      E2E_PORT: String(basePort + index),
      E2E_OUTPUT_DIR: `test-results/${project}`,
      E2E_TRACE: 'off',
    }),
  );
  return (await Promise.all(halves)).find((code) => code !== 0) ?? 0;
}

const codes = await Promise.all([run('server', ['run', 'test:server']), browserSuite()]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
