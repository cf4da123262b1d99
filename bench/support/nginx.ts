import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The reference for serving files: Debian's nginx (installed with apt-get when missing, run as
// root), on its own port with its own config in a folder of the bench's, never the system service.
// One worker, like the portal's one process; sendfile as Debian ships it.

function nginxBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  console.log('nginx is missing: installing it from Debian (apt-get install -y nginx)...');
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], { stdio: 'inherit' });
  if (install.status !== 0 || !existsSync('/usr/sbin/nginx')) throw new Error('nginx could not be installed; install it and run again');
  return '/usr/sbin/nginx';
}

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Debian's module that serves a file's .br copy (installed with apt-get when missing), or none if it cannot be had. */
function brotliStaticModule(): string | undefined {
  if (existsSync(BROTLI_STATIC)) return BROTLI_STATIC;
  console.log('nginx serves no Brotli yet: installing its module from Debian (apt-get install -y libnginx-mod-http-brotli-static)...');
  spawnSync('sh', ['-c', 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-static'], { stdio: 'inherit' });
  if (existsSync(BROTLI_STATIC)) return BROTLI_STATIC;
  console.log('(the module could not be installed: nginx sends the .gz copies only)');
  return undefined;
}

export interface Nginx {
  base: string;
  stop: () => void;
}

/**
 * nginx serving the files of `root` on 127.0.0.1:`port`; `prefix` is an empty folder of its own.
 * `precompressed`: a file's .br or .gz copy beside it is sent to a browser that accepts it, as the
 * portal sends its own (brotli_static, gzip_static).
 */
export async function startNginx(options: { port: number; root: string; prefix: string; types: Record<string, string>; precompressed?: boolean }): Promise<Nginx> {
  const { port, root, prefix } = options;
  const brotli = options.precompressed ? brotliStaticModule() : undefined;
  const compressed = options.precompressed ? `gzip_static on;${brotli ? ' brotli_static on;' : ''}` : '';
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  const types = Object.entries(options.types).map(([extension, type]) => `${type} ${extension};`).join(' ');
  writeFileSync(
    conf,
    `${brotli ? `load_module ${brotli};\n` : ''}worker_processes 1;
daemon off;
user root;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  ${compressed}
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { ${types} }
  server {
    listen 127.0.0.1:${port};
    root "${root}";
  }
}
`,
  );
  const child: ChildProcess = spawn(nginxBinary(), ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || i > 120) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, stop: () => child.kill('SIGTERM') };
}
