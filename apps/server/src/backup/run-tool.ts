import { spawn } from 'node:child_process';

/** Runs pg_dump / pg_restore, failing with what the tool printed; the URL never appears in the message. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client)` : error.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim()}`))));
  });
}
