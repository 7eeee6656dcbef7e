import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, send, uniqueEmail } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('development outbox (no SMTP configured)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { nodeEnv: 'development' } });
  });
  afterAll(() => testApp.close());

  it('keeps the verification e-mail where a newcomer can open its link', async () => {
    const email = uniqueEmail('novata');
    await send(testApp.app, 'POST', '/api/auth/signup', {
      name: 'Novata',
      email,
      password: '123456',
    });

    const list = await get(testApp.app, '/api/dev/outbox');
    const message = list.json().messages.find((m: { to: string }) => m.to === email);
    expect(message.subject).toBe('Confirme seu e-mail no Gabarita');
    expect(message.text).toMatch(
      /http:\/\/localhost:3000\/auth\/action\?mode=verifyEmail&oobCode=[\w-]+/,
    );

    const page = await get(testApp.app, '/dev/outbox');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Caixa de saída de desenvolvimento');
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:3000\/auth\/action\?mode=verifyEmail&amp;oobCode=/,
    );
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      database: testApp.database,
      config: { nodeEnv: 'production' },
    });
    expect((await get(production.app, '/api/dev/outbox')).statusCode).toBe(404);
    expect((await get(production.app, '/dev/outbox')).statusCode).toBe(404);
    await production.close();
  });
});
