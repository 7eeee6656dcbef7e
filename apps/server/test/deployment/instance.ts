import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/**
 * One built server (`node apps/server/dist/main.js`) on a fixed loopback port, as a process
 * manager runs it: started, stopped with SIGTERM, started again on the same port.
 */
export interface ServerInstance {
  name: string;
  port: number;
  url: string;
  /** Starts the process and resolves once /api/health/ready answers 200. */
  start(): Promise<void>;
  /** SIGTERM (or `signal`), then resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote since it was first started. */
  output(): string;
}

/** A loopback port free now (the kernel's choice), to give a process that starts later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function serverInstance(options: {
  name: string;
  port: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
}): ServerInstance {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let output = '';

  async function ready(process: ChildProcess) {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (process.exitCode !== null || process.signalCode !== null) {
        throw new Error(`${options.name} exited while starting:\n${output.slice(-4000)}`);
      }
      try {
        const response = await fetch(`${url}/api/health/ready`);
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        throw new Error(`${options.name} not ready on ${url}:\n${output.slice(-4000)}`);
      }
      await sleep(100);
    }
  }

  return {
    name: options.name,
    port: options.port,
    url,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) {
        throw new Error(`${options.name} is already running`);
      }
      output += `--- start ${new Date().toISOString()}\n`;
      const started = spawn(process.execPath, ['apps/server/dist/main.js'], {
        cwd: options.cwd,
        env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child = started;
      await ready(started);
    },
    stop(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) {
        return Promise.resolve({
          code: running?.exitCode ?? null,
          signal: running?.signalCode ?? null,
        });
      }
      return new Promise((resolve) => {
        running.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal }));
        running.kill(signal);
      });
    },
    output: () => output,
  };
}
