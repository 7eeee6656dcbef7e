import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type GoogleProfile, startMockIssuer } from '../../apps/server/test/helpers/mock-issuer';
import { startSmtpCatcher } from '../../apps/server/test/helpers/smtp-catcher';
import { startAppServer } from './app-server';

/**
 * Starts the built app (npm run build ran before) on a free port with a throwaway DATA_DIR, with its
 * e-mail going to a loopback SMTP server and its Google sign-in to a loopback OpenID issuer. Tests
 * find them through E2E_* variables: caught e-mails are files in E2E_MAIL_DIR, and the next Google
 * profile is read from E2E_GOOGLE_PROFILE.
 */
export default async function globalSetup() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-e2e-'));
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

  const server = await startAppServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Gabarita <nao-responda@gabarita.test>',
    GOOGLE_CLIENT_ID: 'gabarita-e2e',
    GOOGLE_CLIENT_SECRET: 'segredo-e2e',
    GOOGLE_ISSUER: issuer.url,
  });
  Object.assign(process.env, {
    E2E_BASE_URL: server.url,
    E2E_DATA_DIR: server.dataDir,
    E2E_MAIL_DIR: mailDir,
    E2E_GOOGLE_PROFILE: googleProfileFile,
    // For tests that start a server of their own (another configuration) on the same mailbox.
    E2E_SMTP_URL: smtp.url,
  });

  return async () => {
    await server.stop();
    await smtp.close();
    await issuer.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
