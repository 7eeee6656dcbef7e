import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { entitlements, users } from '@/db/schema';
import { insertUser } from '@/modules/auth/auth.repo';
import { addDays, saoPauloDay } from '@/lib/clock';
import { createOperatorService } from '@/modules/operator/operator.service';
import {
  APP_ORIGIN,
  get,
  send,
  sessionCookieFor,
  signedInStudent,
  uniqueEmail,
} from '../helpers/accounts';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

async function pngWithExif(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .withExif({ IFD0: { Artist: 'Segredo', ImageDescription: 'Casa da Ana' } })
    .png()
    .toBuffer();
}

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----gabarita-teste';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('the signed-in user: /api/me', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      config: { smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;

  const signedIn = () => signedInStudent(app(), testApp.database);

  const uploadPhoto = (cookie: string | undefined, file: ReturnType<typeof multipart>) =>
    app().inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: {
        origin: APP_ORIGIN,
        'content-type': file.contentType,
        ...(cookie ? { cookie } : {}),
      },
      payload: file.body,
    });

  it('needs a session', async () => {
    const response = await get(app(), '/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('auth/unauthenticated');
  });

  it('describes the account: profile, provider, free plan and last access', async () => {
    const { cookie, email, user } = await signedIn();
    const response = await get(app(), '/api/me', cookie);
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      id: user.id,
      email,
      name: 'Maria Candidata',
      provider: 'password',
      role: 'user',
      accountType: 'free',
      photoUrl: null,
      plan: { startedAt: null, endsOn: null, endsAt: null, daysRemaining: null },
    });
    expect(Date.now() - Date.parse(me.lastSeenAt)).toBeLessThan(60_000);
    expect(me).not.toHaveProperty('passwordHash');
  });

  describe('name', () => {
    it('saves the trimmed name', async () => {
      const { cookie } = await signedIn();
      const response = await send(
        app(),
        'PATCH',
        '/api/me',
        { name: '  Carla Estudante  ' },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe('Carla Estudante');
      expect((await get(app(), '/api/auth/session', cookie)).json().user.name).toBe(
        'Carla Estudante',
      );
    });

    it('refuses a blank name and changes nothing', async () => {
      const { cookie, user } = await signedIn();
      const response = await send(app(), 'PATCH', '/api/me', { name: '   ' }, cookie);
      expect(response.statusCode).toBe(400);
      const [stored] = await db().select().from(users).where(eq(users.id, user.id));
      expect(stored!.name).toBe('Maria Candidata');
    });

    it('tells a visitor in the spec words', async () => {
      const response = await send(app(), 'PATCH', '/api/me', { name: 'Alguém' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.nameNotSignedIn);
    });
  });

  describe('photo', () => {
    it('re-encodes to at most 256 px without metadata and serves it cached', async () => {
      const { cookie, user } = await signedIn();
      const response = await uploadPhoto(
        cookie,
        multipart('photo', 'eu.png', 'image/png', await pngWithExif(1200, 800)),
      );

      expect(response.statusCode).toBe(200);
      const { photoUrl } = response.json();
      expect(photoUrl).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=[0-9a-f]{16}$`));
      expect((await get(app(), '/api/auth/session', cookie)).json().user.photoUrl).toBe(photoUrl);

      const photo = await get(app(), photoUrl, cookie);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const metadata = await sharp(photo.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(Math.max(metadata.width!, metadata.height!)).toBe(256);
      expect(metadata.width! / metadata.height!).toBeCloseTo(1.5, 1);
      expect(metadata.exif).toBeUndefined();
      expect(photo.rawPayload.includes(Buffer.from('Segredo'))).toBe(false);
    });

    it('refuses what is not an image', async () => {
      const { cookie } = await signedIn();
      for (const file of [
        multipart('photo', 'nota.txt', 'text/plain', Buffer.from('não é imagem')),
        multipart('photo', 'falsa.png', 'image/png', Buffer.from('também não')),
      ]) {
        const response = await uploadPhoto(cookie, file);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({
          code: 'photo/not-image',
          message: AUTH_MESSAGES.photoNotImage,
        });
      }
    });

    it('refuses uploads over 5 MB', async () => {
      const { cookie } = await signedIn();
      const response = await uploadPhoto(
        cookie,
        multipart('photo', 'grande.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.photoTooLarge);
    });

    it('tells a visitor in the spec words', async () => {
      const response = await uploadPhoto(
        undefined,
        multipart('photo', 'a.png', 'image/png', await pngWithExif(10, 10)),
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.photoNotSignedIn);
    });
  });

  describe('Google accounts', () => {
    it('cannot change name, photo or password', async () => {
      const google = await insertUser(db(), {
        provider: 'google',
        googleSubject: `sub-${Date.now()}`,
        email: uniqueEmail('google'),
        name: 'Conta Google',
        emailVerifiedAt: new Date(),
      });
      const cookie = await sessionCookieFor(db(), google.id);

      expect((await send(app(), 'PATCH', '/api/me', { name: 'Outro' }, cookie)).statusCode).toBe(
        403,
      );
      expect(
        (
          await uploadPhoto(
            cookie,
            multipart('photo', 'a.png', 'image/png', await pngWithExif(10, 10)),
          )
        ).statusCode,
      ).toBe(403);
      const link = await send(app(), 'POST', '/api/me/password-change-link', {}, cookie);
      expect(link.statusCode).toBe(403);
    });
  });

  it("e-mails a password change link to the account's address", async () => {
    const { cookie, email } = await signedIn();
    const response = await send(app(), 'POST', '/api/me/password-change-link', {}, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email });
    actionCodeIn(await smtp.lastTo(email), 'resetPassword');
  });

  describe('plan', () => {
    it('reads premium after a grant and free again once it ends', async () => {
      const { cookie, email, user } = await signedIn();
      const [line] = await createOperatorService(testApp.database).run(
        'user:grant-premium',
        [email, '30'],
        'direct',
      );
      expect(line).toContain(`${email} (conta com senha) é Premium até`);

      const premium = (await get(app(), '/api/me', cookie)).json();
      const today = saoPauloDay();
      expect(premium.accountType).toBe('premium');
      // 30 days × 24 h from now: 'Mensal' shows 30 days remaining.
      expect(premium.plan).toMatchObject({ endsOn: addDays(today, 30), daysRemaining: 30 });
      expect((await get(app(), '/api/auth/session', cookie)).json().user.accountType).toBe(
        'premium',
      );

      await createOperatorService(testApp.database).run(
        'user:grant-premium',
        [email, '10'],
        'direct',
      );
      expect((await get(app(), '/api/me', cookie)).json().plan.endsOn).toBe(addDays(today, 40));

      await db()
        .update(entitlements)
        .set({ premiumUntil: new Date(Date.now() - 86_400_000) })
        .where(eq(entitlements.userId, user.id));
      const expired = (await get(app(), '/api/me', cookie)).json();
      expect(expired.accountType).toBe('free');
      expect(expired.plan.daysRemaining).toBe(-1);
      expect((await get(app(), '/api/auth/session', cookie)).json().user.accountType).toBe('free');
    });

    it('admin:create gives the admin role, or the editor or support role with --role', async () => {
      const operator = createOperatorService(testApp.database);
      const { cookie, email } = await signedIn();
      expect(await operator.run('admin:create', [email], 'direct')).toEqual([
        `${email} (conta com senha) agora é administrador.`,
      ]);
      expect((await get(app(), '/api/me', cookie)).json().role).toBe('admin');

      const editor = await signedIn();
      expect(
        await operator.run('admin:create', [editor.email, '--role', 'editor'], 'direct'),
      ).toEqual([`${editor.email} (conta com senha) agora é editor.`]);
      expect((await get(app(), '/api/me', editor.cookie)).json().role).toBe('editor');
      const support = await signedIn();
      expect(
        await operator.run('admin:create', [support.email, '--role', 'support'], 'direct'),
      ).toEqual([`${support.email} (conta com senha) agora é suporte.`]);
      expect((await get(app(), '/api/me', support.cookie)).json().role).toBe('support');
      await expect(
        operator.run('admin:create', [editor.email, '--role', 'dono'], 'direct'),
      ).rejects.toThrow(
        'Uso: admin:create <email> [--role editor|support|admin] [--provider password|google]',
      );
      await expect(
        operator.run('user:grant-premium', [editor.email, '3', '--role', 'editor'], 'direct'),
      ).rejects.toThrow('Uso: user:grant-premium');
    });

    it('operator commands explain bad arguments and unknown accounts', async () => {
      await expect(
        createOperatorService(testApp.database).run(
          'user:grant-premium',
          ['x@y.com', 'muitos'],
          'direct',
        ),
      ).rejects.toThrow('O número de dias deve ser um inteiro entre 1 e 3650.');
      await expect(
        createOperatorService(testApp.database).run(
          'admin:create',
          ['ninguem@exemplo.com'],
          'direct',
        ),
      ).rejects.toThrow('Nenhuma conta encontrada com o e-mail ninguem@exemplo.com.');
    });
  });
});
