import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * deploy/nginx.conf for this machine: the upstream's `server` lines point at `upstreams` and the
 * `listen` line at `listen`; every other line is the file as the documentation and compose.yaml
 * use it. Throws when the file no longer has the lines this replaces.
 */
export function renderNginxConfig(
  source: string,
  options: { listen: string; upstreams: string[] },
): string {
  const serverLine = /^(\s*)server \S+:\d+( [^;\n]*)?;$/gm;
  const originals = source.match(serverLine) ?? [];
  if (originals.length !== options.upstreams.length) {
    throw new Error(
      `deploy/nginx.conf has ${originals.length} upstream servers, the test runs ${options.upstreams.length}`,
    );
  }
  let index = 0;
  const rendered = source.replace(
    serverLine,
    (_line, indent: string, parameters: string | undefined) =>
      `${indent}server ${options.upstreams[index++]}${parameters ?? ''};`,
  );
  const listenLine = /^(\s*)listen 80;$/m;
  if (!listenLine.test(rendered)) throw new Error('deploy/nginx.conf: no `listen 80;` line');
  return rendered.replace(listenLine, `$1listen ${options.listen};`);
}

export interface RunningNginx {
  url: string;
  /** The error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * Runs nginx unprivileged in `dir` with `siteConfig` (an http-context file) as its only site, in
 * the foreground, and resolves once it accepts connections on `port`.
 */
export async function startNginx(dir: string, siteConfig: string, port: number) {
  if (!fs.existsSync(NGINX_PATH)) {
    throw new Error(
      `nginx não encontrado em ${NGINX_PATH}: rode "node scripts/ensure-nginx.mjs" (ou aponte NGINX_PATH).`,
    );
  }
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'gabarita.conf'), siteConfig);
  const errorLog = path.join(dir, 'error.log');
  // Debian's nginx.conf, minus what needs root: the site file is included as conf.d/ would be.
  const main = [
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${path.join(dir, 'temp', kind)};`,
    ),
    `  include ${path.join(dir, 'gabarita.conf')};`,
    '}',
    '',
  ].join('\n');
  const mainPath = path.join(dir, 'nginx.conf');
  fs.writeFileSync(mainPath, main);
  const directives = `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${errorLog} warn;`;
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ['-e', errorLog, '-p', dir, '-c', mainPath, '-g', directives],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const errors = () => output + (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${errors()}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // TERM: a fast stop; a graceful one would wait for the open event streams.
        child.kill('SIGTERM');
      }),
  } satisfies RunningNginx;
}
