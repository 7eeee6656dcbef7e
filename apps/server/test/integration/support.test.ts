import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_ERROR_REPORT_TYPE,
  ERROR_REPORT_TYPES,
  MISSING_COMMENT_REPORT_TYPE,
  SUPPORT_MESSAGES,
} from '@gabarita/shared';
import { errorReports, helpRequests } from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { createPasswordUser, send, sessionCookieFor, signedInStudent } from '../helpers/accounts';
import { FORMAT_2_EXAMPLE } from '../helpers/content';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('help requests and error reports', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      starting: 'mini',
      config: {
        smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' },
        supportEmail: 'equipe@gabarita.test',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  const signedIn = () => signedInStudent(app(), testApp.database, { name: 'Ana <b>Estudante</b>' });
  const help = (cookie: string | undefined, mensagem: string) =>
    send(app(), 'POST', '/api/help-requests', { mensagem }, cookie);
  const report = (cookie: string | undefined, body: Record<string, string>) =>
    send(app(), 'POST', '/api/error-reports', body, cookie);

  describe('help form', () => {
    it('stores the message as text and e-mails it to the team', async () => {
      const { cookie, user } = await signedIn();
      const message = '  Não consigo ver <script>alert(1)</script> meu histórico.  ';
      const response = await help(cookie, message);

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: SUPPORT_MESSAGES.helpSent });
      const [stored] = await db()
        .select()
        .from(helpRequests)
        .where(eq(helpRequests.userId, user.id));
      expect(stored).toMatchObject({
        userName: user.name,
        userEmail: user.email,
        message: message.trim(),
      });
      const mail = await smtp.lastTo('equipe@gabarita.test');
      expect(mail.text).toContain('<script>alert(1)</script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Ana &lt;b&gt;Estudante&lt;/b&gt;');
    });

    it('refuses empty and oversized messages, changing nothing', async () => {
      const { cookie, user } = await signedIn();
      const empty = await help(cookie, '   \n ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(SUPPORT_MESSAGES.helpEmpty);
      const long = await help(cookie, 'a'.repeat(5001));
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe(SUPPORT_MESSAGES.helpTooLong);
      expect(
        await db().select().from(helpRequests).where(eq(helpRequests.userId, user.id)),
      ).toHaveLength(0);
    });

    it('is only for signed-in users with a verified e-mail', async () => {
      const visitor = await help(undefined, 'Olá');
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.message).toBe(SUPPORT_MESSAGES.helpNotAllowed);

      const unverified = await createPasswordUser(db(), { verified: false });
      const cookie = await sessionCookieFor(db(), unverified.user.id);
      const response = await help(cookie, 'Olá');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(SUPPORT_MESSAGES.helpNotAllowed);
    });

    it('is rate limited per user', async () => {
      const { cookie } = await signedIn();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await help(cookie, `Mensagem ${i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  describe('error reports', () => {
    it('stores one open report per user, question and type', async () => {
      const { cookie, user } = await signedIn();
      const body = { questionId: 'alfa_2017_prova_1', type: 'Gabarito divergente' };
      const first = await report(cookie, body);
      const repeat = await report(cookie, body);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ message: SUPPORT_MESSAGES.reportSent });
      expect(repeat.statusCode).toBe(201);
      const other = await report(cookie, {
        ...body,
        type: 'Outro',
        text: '  A <img src=x onerror=alert(1)> está cortada ',
      });
      expect(other.statusCode).toBe(201);

      const stored = await db().select().from(errorReports).where(eq(errorReports.userId, user.id));
      expect(stored.map((r) => [r.type, r.text]).sort()).toEqual([
        ['Gabarito divergente', null],
        ['Outro', 'A <img src=x onerror=alert(1)> está cortada'],
      ]);
    });

    it.each([
      [
        { questionId: 'alfa_2017_prova_1', type: 'Outro', text: '   ' },
        SUPPORT_MESSAGES.reportOptionRequired,
      ],
      [
        { questionId: 'alfa_2017_prova_1', type: 'Tipo inventado' },
        SUPPORT_MESSAGES.reportOptionRequired,
      ],
      [{ questionId: '', type: 'Outro', text: 'x' }, SUPPORT_MESSAGES.reportMissingData],
      [
        { questionId: 'alfa_2017_prova_1', type: 'Outro', text: 'x'.repeat(2001) },
        SUPPORT_MESSAGES.reportTooLong,
      ],
    ])('refuses %j', async (body, message) => {
      const { cookie, user } = await signedIn();
      const response = await report(cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(
        await db().select().from(errorReports).where(eq(errorReports.userId, user.id)),
      ).toHaveLength(0);
    });

    it("asks for the team's comment only where there is none, and reports an error in one only where there is one", async () => {
      await createContentImportService(db()).importContent(FORMAT_2_EXAMPLE);
      const commented = 'exemplo_2024_formato2_prova_1';
      const uncommented = 'exemplo_2024_formato2_prova_2';
      const { cookie, user } = await signedIn();

      const asked = await report(cookie, {
        questionId: uncommented,
        type: MISSING_COMMENT_REPORT_TYPE,
      });
      expect(asked.statusCode).toBe(201);
      expect(asked.json()).toEqual({ message: SUPPORT_MESSAGES.missingCommentSent });
      const wrong = await report(cookie, {
        questionId: commented,
        type: COMMENT_ERROR_REPORT_TYPE,
        text: 'O comentário da C cita o artigo errado.',
      });
      expect(wrong.statusCode).toBe(201);
      expect(wrong.json()).toEqual({ message: SUPPORT_MESSAGES.reportSent });

      const noComment = await report(cookie, {
        questionId: uncommented,
        type: COMMENT_ERROR_REPORT_TYPE,
      });
      expect(noComment.statusCode).toBe(400);
      expect(noComment.json().error).toEqual({
        code: 'support/no-comment',
        message: SUPPORT_MESSAGES.reportNoComment,
      });
      const hasComment = await report(cookie, {
        questionId: commented,
        type: MISSING_COMMENT_REPORT_TYPE,
      });
      expect(hasComment.statusCode).toBe(400);
      expect(hasComment.json().error).toEqual({
        code: 'support/already-commented',
        message: SUPPORT_MESSAGES.reportAlreadyCommented,
      });

      const stored = await db().select().from(errorReports).where(eq(errorReports.userId, user.id));
      expect(stored.map((row) => [row.questionId, row.type, row.text]).sort()).toEqual([
        [commented, COMMENT_ERROR_REPORT_TYPE, 'O comentário da C cita o artigo errado.'],
        [uncommented, MISSING_COMMENT_REPORT_TYPE, null],
      ]);
    });

    it('refuses unknown questions and visitors', async () => {
      const { cookie } = await signedIn();
      expect(
        (await report(cookie, { questionId: 'nao_existe_prova_1', type: ERROR_REPORT_TYPES[0] }))
          .statusCode,
      ).toBe(404);
      const visitor = await report(undefined, {
        questionId: 'alfa_2017_prova_1',
        type: ERROR_REPORT_TYPES[0],
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.message).toBe(SUPPORT_MESSAGES.reportSignInHint);
    });
  });
});
