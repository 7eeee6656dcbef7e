import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type GoogleProfile, startMockIssuer } from '../../apps/server/test/helpers/mock-issuer';
import { startSmtpCatcher } from '../../apps/server/test/helpers/smtp-catcher';

/**
 * Starts the built app (npm run build ran before) on a free port with a throwaway DATA_DIR, with its
 * e-mail going to a loopback SMTP server and its Google sign-in to a loopback OpenID issuer. Tests
 * find them through E2E_* variables: caught e-mails are files in E2E_MAIL_DIR, and the next Google
 * profile is read from E2E_GOOGLE_PROFILE.
 */
export default async function globalSetup() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const mailDir = path.join(workDir, 'mail');
  const googleProfileFile = path.join(workDir, 'google-profile.json');
  fs.mkdirSync(mailDir);

  const smtp = await startSmtpCatcher({
    onMessage: (mail) =>
      fs.writeFileSync(
        path.join(mailDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
        JSON.stringify(mail),
      ),
  });
  const issuer = await startMockIssuer({
    profileSource: () =>
      fs.existsSync(googleProfileFile)
        ? (JSON.parse(fs.readFileSync(googleProfileFile, 'utf8')) as GoogleProfile)
        : undefined,
  });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gabarita <nao-responda@gabarita.test>',
      GOOGLE_CLIENT_ID: 'gabarita-e2e',
      GOOGLE_CLIENT_SECRET: 'segredo-e2e',
      GOOGLE_ISSUER: issuer.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  Object.assign(process.env, {
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
    E2E_MAIL_DIR: mailDir,
    E2E_GOOGLE_PROFILE: googleProfileFile,
  });

  await waitForHealth(baseUrl, server);

  return async () => {
    await stop(server);
    await smtp.close();
    await issuer.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
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
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu com código ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('o servidor não respondeu em 60 s');
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
