import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_VERSIONS, consentsResponseSchema } from '@gabarita/shared';
import { consents, users } from '@/db/schema';
import { insertUser } from '@/modules/auth/auth.repo';
import { get, send, sessionCookieFor, uniqueEmail } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** What each account accepted (docs/product-rules.md, "Personal data and the LGPD"). */
describe('consent records', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      config: { smtp: { url: smtp.url, from: 'Gabarita <nao-responda@gabarita.test>' } },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  async function signUp(guardianConsent?: boolean) {
    const email = uniqueEmail('aceite');
    const response = await send(app(), 'POST', '/api/auth/signup', {
      name: 'Pessoa Que Aceita',
      email,
      password: 'senha-forte-123',
      ...(guardianConsent === undefined ? {} : { guardianConsent }),
    });
    expect(response.statusCode).toBe(201);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    return { user: user!, cookie: await sessionCookieFor(db(), user!.id) };
  }

  const stored = (userId: string) =>
    db()
      .select({ document: consents.document, version: consents.version })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(consents.document);

  it('records the current terms and privacy policy with the account at sign-up', async () => {
    const { user, cookie } = await signUp();
    expect(await stored(user.id)).toEqual([
      { document: 'privacidade', version: LEGAL_VERSIONS.privacidade },
      { document: 'termos', version: LEGAL_VERSIONS.termos },
    ]);
    const response = await get(app(), '/api/me/consents', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().pending).toEqual([]);
    expect(response.json().records).toHaveLength(2);
    for (const record of response.json().records) {
      expect(Date.parse(record.acceptedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("records the guardian's consent of an under-18 under the terms' version", async () => {
    const { user } = await signUp(true);
    expect(await stored(user.id)).toEqual([
      { document: 'privacidade', version: LEGAL_VERSIONS.privacidade },
      { document: 'responsavel', version: LEGAL_VERSIONS.termos },
      { document: 'termos', version: LEGAL_VERSIONS.termos },
    ]);
  });

  it('keeps no account when the consents cannot be written with it', async () => {
    const email = uniqueEmail('sem-aceite');
    // A consent row the sign-up cannot write: the account must not stay behind without it.
    await db().execute(
      sql`alter table consents add constraint consents_test_block
          check (document <> 'privacidade') not valid`,
    );
    try {
      const response = await send(app(), 'POST', '/api/auth/signup', {
        name: 'Sem Aceite',
        email,
        password: 'senha-forte-123',
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`alter table consents drop constraint consents_test_block`);
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('asks again for a document whose version changed, and records the acceptance once', async () => {
    const { user, cookie } = await signUp();
    // As if the privacy policy had a newer version than the one accepted at sign-up.
    await db()
      .update(consents)
      .set({ version: '2000-01-01' })
      .where(and(eq(consents.userId, user.id), eq(consents.document, 'privacidade')));
    const before = await get(app(), '/api/me/consents', cookie);
    expect(before.json().pending).toEqual(['privacidade']);

    for (let i = 0; i < 2; i++) {
      const accepted = await send(
        app(),
        'POST',
        '/api/me/consents',
        { documents: ['privacidade'] },
        cookie,
      );
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().pending).toEqual([]);
    }
    expect(await stored(user.id)).toEqual([
      { document: 'privacidade', version: '2000-01-01' },
      { document: 'privacidade', version: LEGAL_VERSIONS.privacidade },
      { document: 'termos', version: LEGAL_VERSIONS.termos },
    ]);
    const records = parsed(
      await get(app(), '/api/me/consents', cookie),
      consentsResponseSchema,
    ).records;
    const times = records.map((record) => Date.parse(record.acceptedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('asks a Google account, which signed up without the form, for both documents', async () => {
    const google = await insertUser(db(), {
      provider: 'google',
      googleSubject: `sub-aceite-${Date.now()}`,
      email: uniqueEmail('google'),
      name: 'Conta Google',
      emailVerifiedAt: new Date(),
    });
    const cookie = await sessionCookieFor(db(), google.id);
    expect((await get(app(), '/api/me/consents', cookie)).json()).toEqual({
      records: [],
      pending: ['termos', 'privacidade'],
    });
    const accepted = await send(
      app(),
      'POST',
      '/api/me/consents',
      { documents: ['termos', 'privacidade'], guardianConsent: true },
      cookie,
    );
    expect(accepted.json().pending).toEqual([]);
    expect(await stored(google.id)).toEqual([
      { document: 'privacidade', version: LEGAL_VERSIONS.privacidade },
      { document: 'responsavel', version: LEGAL_VERSIONS.termos },
      { document: 'termos', version: LEGAL_VERSIONS.termos },
    ]);
  });

  it('refuses an empty acceptance and visitors', async () => {
    const { cookie } = await signUp();
    const empty = await send(app(), 'POST', '/api/me/consents', { documents: [] }, cookie);
    expect(empty.statusCode).toBe(400);
    expect((await get(app(), '/api/me/consents')).statusCode).toBe(401);
  });
});
