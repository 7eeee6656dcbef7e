import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface AppServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app (apps/server/dist) on a free loopback port with a throwaway DATA_DIR and the
 * given environment, and waits until it answers.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-app-'));
  const dataDir = path.join(workDir, 'data');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Test clients may name their address (see accounts.ts); browsers' requests come straight.
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, server);
  return {
    url,
    dataDir,
    async stop() {
      await stop(server);
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu com código ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('o servidor não respondeu em 120 s');
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
