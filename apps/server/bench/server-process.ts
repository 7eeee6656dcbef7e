/** Starting the built server (or any script) as a child process on a free loopback port, for benchmarks. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/**
 * The arguments that start the built server as it runs in production: `npm start`, the embedded
 * database's one command (package.json), gives V8's young generation semi-spaces of 2 MB and keeps
 * PGlite's WebAssembly on V8's baseline compiler, which keeps a server on PGlite under 250 MB for
 * some throughput (docs/performance.md, "Memory of a server"); the Docker image, on PostgreSQL,
 * keeps V8's defaults.
 */
export function serverArgs(mainJs: string, env: Record<string, string>): string[] {
  return env.DATABASE_URL ? [mainJs] : ['--max-semi-space-size=2', '--liftoff-only', mainJs];
}

export interface Started {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startProcess(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(url, child);
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The kernel's figures for a process: resident now (VmRSS) and its peak (VmHWM), in MB. */
export function processMemory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
