import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@gabarita/shared';
import type { Database } from '@/db/client';
import {
  entitlements,
  errorReports,
  helpRequests,
  purchases,
  questionHistory,
  sessions,
  tokenWallets,
  userPhotos,
  users,
} from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { createOperatorService } from '@/modules/operator/operator.service';
import { APP_ORIGIN, createPasswordUser, sessionCookieFor } from '../helpers/accounts';
import { MINI_CATALOG } from '../helpers/content';
import { type MockIssuer, startMockIssuer } from '../helpers/mock-issuer';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every registered route, driven as each kind of caller. The route list comes from the server's own
 * route table, so a route added without an entry here fails this test.
 */
const ROLES = [
  'visitor',
  'unverified',
  'free',
  'premium',
  'other',
  'editor',
  'support',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

/** Expected status per role; a code pins which check answered (so a 401 of the access layer is not mistaken for a login's). */
type Outcome = number | [status: number, code: string];
type Expectations = Record<Role, Outcome>;

interface Context {
  examId: string;
  questionId: string;
  assetId: string;
  victimId: string;
  /** A purchase of the victim's. */
  purchaseId: string;
  /** An error report of another account's (staff read reports and their authors by design). */
  reportId: string;
  /** A help-centre message of another account's (support reads them by design). */
  helpRequestId: string;
  /** An account that is not the victim, which support and admins read by design (the reporter). */
  customerId: string;
  /** A purchase of an account that is not the victim's, which support and admins read by design. */
  customerPurchaseId: string;
  /** The question as the editor has it (a save of it changes nothing). */
  snapshot: unknown;
  /** An account's address that is not the caller's victim (per role, so per-address limits do not mix). */
  existingEmail: string;
  role: Role;
}

interface Probe {
  url: (context: Context) => string;
  body?: (context: Context) => unknown;
  multipart?: boolean;
  expect: Expectations;
}

const same = (outcome: Outcome): Expectations =>
  Object.fromEntries(ROLES.map((role) => [role, outcome])) as Expectations;
/** access 'user': visitors get the access layer's 401, every signed-in caller the route's answer. */
const signedIn = (outcome: Outcome): Expectations => ({
  ...same(outcome),
  visitor: [401, 'auth/unauthenticated'],
});

const localOnly = same([403, 'request/local-only']);

/** AI routes: a confirmed address, then a plan or package tokens (402 limit/ai without either). */
const aiCallers = (premiumOutcome: Outcome): Expectations => ({
  ...signedIn([402, 'limit/ai']),
  unverified: [403, 'auth/email-not-verified'],
  premium: premiumOutcome,
});

/** access 'premium': signed-in accounts without a plan get the access layer's 403. */
const premiumOnly = (outcome: Outcome): Expectations => ({
  ...signedIn([403, 'auth/premium-required']),
  premium: outcome,
});

/** access 'editor': the editor and admin roles; every other account gets the access layer's 403. */
const staffOnly = (outcome: Outcome): Expectations => ({
  ...signedIn([403, 'auth/forbidden']),
  editor: outcome,
  admin: outcome,
});

/**
 * access 'support': the support and admin roles; every other account, the editor's included, gets
 * the access layer's 403.
 */
const supportOnly = (outcome: Outcome): Expectations =>
  Object.fromEntries(
    ROLES.map((role): [Role, Outcome] => [
      role,
      role === 'visitor'
        ? [401, 'auth/unauthenticated']
        : role === 'admin' || role === 'support'
          ? outcome
          : [403, 'auth/forbidden'],
    ]),
  ) as Expectations;

/** access 'admin': only the admin role; support and editors get the access layer's 403 as well. */
const adminOnly = (outcome: Outcome): Expectations => ({
  ...signedIn([403, 'auth/forbidden']),
  admin: outcome,
});

/** The console's account actions, probed without a reason: refused before anything changes. */
const NO_REASON: Outcome = [400, 'request/invalid'];

const fixed = (url: string) => () => url;
const NO_PURCHASE = '00000000-0000-4000-8000-000000000000';

const MATRIX: Record<string, Probe> = {
  'GET /api/health': { url: fixed('/api/health'), expect: same(200) },
  'GET /api/health/live': { url: fixed('/api/health/live'), expect: same(200) },
  'GET /api/health/ready': { url: fixed('/api/health/ready'), expect: same(200) },
  'GET /api/app-info': { url: fixed('/api/app-info'), expect: same(200) },
  // The API's documentation is public (docs/product-rules.md, "Access to the API").
  'GET /api/docs': { url: fixed('/api/docs'), expect: same(200) },
  'GET /api/docs/': { url: fixed('/api/docs/'), expect: same(200) },
  'GET /api/docs/json': { url: fixed('/api/docs/json'), expect: same(200) },
  'GET /api/docs/yaml': { url: fixed('/api/docs/yaml'), expect: same(200) },
  'GET /api/docs/static/*': { url: fixed('/api/docs/static/swagger-ui.css'), expect: same(200) },
  'GET /api/docs/static/index.html': {
    url: fixed('/api/docs/static/index.html'),
    expect: same(302),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    url: fixed('/api/docs/static/swagger-initializer.js'),
    expect: same(200),
  },
  'GET /api/auth/session': { url: fixed('/api/auth/session'), expect: same(200) },
  'GET /api/auth/providers': { url: fixed('/api/auth/providers'), expect: same(200) },
  'POST /api/auth/signup': {
    url: fixed('/api/auth/signup'),
    body: (c) => ({ name: 'Outra Pessoa', email: c.existingEmail, password: '123456' }),
    expect: same([409, 'auth/email-already-in-use']),
  },
  'POST /api/auth/login': {
    url: fixed('/api/auth/login'),
    body: (c) => ({ email: c.existingEmail, password: 'errada' }),
    expect: same([401, 'auth/invalid-credential']),
  },
  'POST /api/auth/resend-verification': {
    url: fixed('/api/auth/resend-verification'),
    body: (c) => ({ email: c.existingEmail, password: 'errada' }),
    expect: same([401, 'auth/invalid-credential']),
  },
  'POST /api/auth/password-reset': {
    url: fixed('/api/auth/password-reset'),
    body: (c) => ({ email: `ninguem.${c.role}@exemplo.com` }),
    expect: same([404, 'auth/user-not-found']),
  },
  'POST /api/auth/action/verify-email': {
    url: fixed('/api/auth/action/verify-email'),
    body: () => ({ oobCode: 'codigo-inexistente' }),
    expect: same([400, 'auth/invalid-action-code']),
  },
  'POST /api/auth/action/check-reset': {
    url: fixed('/api/auth/action/check-reset'),
    body: () => ({ oobCode: 'codigo-inexistente' }),
    expect: same([400, 'auth/invalid-action-code']),
  },
  'POST /api/auth/action/confirm-reset': {
    url: fixed('/api/auth/action/confirm-reset'),
    body: () => ({ oobCode: 'codigo-inexistente', newPassword: 'senha-nova-1' }),
    expect: same([400, 'auth/invalid-action-code']),
  },
  'GET /api/auth/google/start': { url: fixed('/api/auth/google/start'), expect: same(302) },
  'GET /api/auth/google/callback': { url: fixed('/api/auth/google/callback'), expect: same(302) },

  'GET /api/me': { url: fixed('/api/me'), expect: signedIn(200) },
  'PATCH /api/me': {
    url: fixed('/api/me'),
    body: () => ({ name: 'Nome Novo' }),
    expect: signedIn(200),
  },
  'PUT /api/me/photo': { url: fixed('/api/me/photo'), multipart: true, expect: signedIn(200) },
  'GET /api/users/:id/photo': {
    url: (c) => `/api/users/${c.victimId}/photo`,
    expect: signedIn([404, 'request/not-found']),
  },
  'POST /api/me/password-change-link': {
    url: fixed('/api/me/password-change-link'),
    expect: signedIn(200),
  },
  'GET /api/me/consents': { url: fixed('/api/me/consents'), expect: signedIn(200) },
  'POST /api/me/consents': {
    url: fixed('/api/me/consents'),
    body: () => ({ documents: ['termos', 'privacidade'] }),
    expect: signedIn(200),
  },
  // Every caller's account has a password: the wrong one is refused before anything changes.
  'POST /api/me/email-change': {
    url: fixed('/api/me/email-change'),
    body: (c) => ({ newEmail: `novo.${c.existingEmail}`, password: 'errada' }),
    expect: signedIn([403, 'privacy/wrong-password']),
  },
  'POST /api/auth/action/confirm-email-change': {
    url: fixed('/api/auth/action/confirm-email-change'),
    body: () => ({ oobCode: 'codigo-inexistente' }),
    expect: same([400, 'auth/invalid-action-code']),
  },
  // Only Google accounts confirm a deletion with an e-mailed code.
  'POST /api/me/deletion-code': {
    url: fixed('/api/me/deletion-code'),
    expect: signedIn([400, 'privacy/uses-password']),
  },
  'DELETE /api/me': {
    url: fixed('/api/me'),
    body: () => ({ password: 'errada' }),
    expect: {
      ...signedIn([403, 'privacy/wrong-password']),
      editor: [403, 'privacy/staff-account'],
      support: [403, 'privacy/staff-account'],
      admin: [403, 'privacy/staff-account'],
    },
  },

  'GET /api/exams': { url: fixed('/api/exams'), expect: same(200) },
  'GET /api/exams/:examId': { url: (c) => `/api/exams/${c.examId}`, expect: same(200) },
  // The exam has no option blocks: every signed-in caller gets the route's own refusal.
  'PUT /api/exams/:examId/opcao': {
    url: (c) => `/api/exams/${c.examId}/opcao`,
    body: () => ({ opcao: 'ingles' }),
    expect: signedIn([400, 'catalog/exam-without-options']),
  },
  'GET /api/disciplines': { url: fixed('/api/disciplines'), expect: same(200) },
  'GET /api/disciplines/:code/questions': {
    url: fixed('/api/disciplines/matematica/questions'),
    expect: same(200),
  },
  'GET /api/questions/:id': { url: (c) => `/api/questions/${c.questionId}`, expect: same(200) },
  'GET /api/images/:assetId': { url: (c) => `/api/images/${c.assetId}`, expect: same(200) },
  'GET /api/images/:assetId/original': {
    url: (c) => `/api/images/${c.assetId}/original`,
    expect: same(200),
  },

  'POST /api/questions/:id/open': {
    url: (c) => `/api/questions/${c.questionId}/open`,
    expect: signedIn(204),
  },
  'POST /api/questions/:id/check': {
    url: (c) => `/api/questions/${c.questionId}/check`,
    body: () => ({ letter: 'A' }),
    expect: signedIn(200),
  },
  // After the check above: each signed-in caller has checked the question.
  'GET /api/admin/audit': { url: fixed('/api/admin/audit'), expect: staffOnly(200) },
  // The probe's file is a photo, not a catalogue: staff get the importer's refusal.
  'POST /api/admin/imports': {
    url: fixed('/api/admin/imports?verificar=1'),
    multipart: true,
    expect: staffOnly([415, 'content/not-zip']),
  },
  // An asset that does not exist: staff are told so; no image of the catalogue changes here.
  'PUT /api/admin/images/:assetId': {
    url: fixed('/api/admin/images/nao_existe'),
    multipart: true,
    expect: staffOnly([404, 'editor/image-not-found']),
  },
  'GET /api/admin/questions/:id': {
    url: (c) => `/api/admin/questions/${c.questionId}`,
    expect: staffOnly(200),
  },
  // A save that changes nothing: each staff caller is refused nothing and writes nothing.
  'PUT /api/admin/questions/:id': {
    url: (c) => `/api/admin/questions/${c.questionId}`,
    body: (c) => ({ snapshot: c.snapshot, baseVersion: 0 }),
    expect: staffOnly(200),
  },
  'GET /api/admin/questions/:id/versions/:version': {
    url: (c) => `/api/admin/questions/${c.questionId}/versions/1`,
    expect: staffOnly([404, 'editor/version-not-found']),
  },
  'POST /api/admin/questions/:id/versions/:version/restore': {
    url: (c) => `/api/admin/questions/${c.questionId}/versions/1/restore`,
    body: () => ({ baseVersion: 0 }),
    expect: staffOnly([404, 'editor/version-not-found']),
  },
  'GET /api/questions/:id/stats': {
    url: (c) => `/api/questions/${c.questionId}/stats`,
    expect: signedIn(200),
  },
  // After the check too; the comment's reasons follow the tutor's access (checked elsewhere).
  'GET /api/questions/:id/commentary': {
    url: (c) => `/api/questions/${c.questionId}/commentary`,
    expect: signedIn(200),
  },
  'GET /api/questions/facets': {
    url: fixed('/api/questions/facets?disciplina=matematica'),
    expect: same(200),
  },
  'GET /api/questions/search': {
    url: fixed('/api/questions/search?q=fra%C3%A7%C3%A3o'),
    expect: same(200),
  },
  'GET /api/me/review': {
    url: fixed('/api/me/review'),
    expect: { ...signedIn([403, 'auth/premium-required']), premium: 200 },
  },
  // The premium caller's check above was right: its notebook is empty, which the service says.
  'GET /api/me/review/export/csv': {
    url: fixed('/api/me/review/export/csv'),
    expect: premiumOnly([422, 'notebook/empty']),
  },
  'GET /api/me/review/export/anki': {
    url: fixed('/api/me/review/export/anki'),
    expect: premiumOnly([422, 'notebook/empty']),
  },
  'POST /api/me/review/export/caderno': {
    url: fixed('/api/me/review/export/caderno'),
    body: (c) => ({ questionIds: [c.questionId], withKey: true, withComments: true }),
    expect: premiumOnly([422, 'notebook/empty']),
  },
  // After the check above, so each caller has checked the question. AI needs a confirmed address
  // and a Premium plan or package tokens; the free callers have neither.
  'POST /api/questions/:id/feedback': {
    url: (c) => `/api/questions/${c.questionId}/feedback`,
    body: () => ({}),
    expect: aiCallers(200),
  },
  'DELETE /api/questions/:id/feedback': {
    url: (c) => `/api/questions/${c.questionId}/feedback`,
    expect: aiCallers(204),
  },
  'POST /api/questions/:id/chat': {
    url: (c) => `/api/questions/${c.questionId}/chat`,
    body: () => ({ message: 'Por que a alternativa A?' }),
    expect: aiCallers(200),
  },
  // Reading the kept conversation spends nothing: any confirmed account, its own turns only.
  'GET /api/questions/:id/chat': {
    url: (c) => `/api/questions/${c.questionId}/chat`,
    expect: { ...signedIn(200), unverified: [403, 'auth/email-not-verified'] },
  },
  'POST /api/didactic-content': {
    url: fixed('/api/didactic-content'),
    body: () => ({ disciplina: 'matematica', assunto: 'Frações' }),
    expect: aiCallers(200),
  },
  'DELETE /api/didactic-content': {
    url: fixed('/api/didactic-content'),
    body: () => ({ disciplina: 'matematica', assunto: 'Frações' }),
    expect: aiCallers(204),
  },
  'GET /api/me/tokens': { url: fixed('/api/me/tokens'), expect: signedIn(200) },
  'GET /api/me/history/summary': { url: fixed('/api/me/history/summary'), expect: signedIn(200) },
  'DELETE /api/me/history': { url: fixed('/api/me/history'), expect: signedIn(204) },
  'GET /api/me/history/progress': {
    url: fixed('/api/me/history/progress'),
    expect: premiumOnly(200),
  },
  'GET /api/me/review/today': { url: fixed('/api/me/review/today'), expect: premiumOnly(200) },
  'GET /api/me/review/today/count': {
    url: fixed('/api/me/review/today/count'),
    expect: premiumOnly(200),
  },
  // An item that is nobody's: refused as not found, after the access layer.
  'POST /api/me/review/reviews': {
    url: fixed('/api/me/review/reviews'),
    body: () => ({
      clientId: '00000000-0000-4000-8000-000000000001',
      itemId: NO_PURCHASE,
      rating: 3,
      reviewedAt: new Date().toISOString(),
    }),
    expect: premiumOnly([404, 'review/item-not-found']),
  },
  'GET /api/me/review/settings': { url: fixed('/api/me/review/settings'), expect: signedIn(200) },
  'PUT /api/me/review/settings': {
    url: fixed('/api/me/review/settings'),
    body: () => ({ desiredRetention: 0.9 }),
    expect: signedIn(200),
  },
  'GET /api/me/review/retention': { url: fixed('/api/me/review/retention'), expect: signedIn(200) },
  'GET /api/me/flashcards': { url: fixed('/api/me/flashcards'), expect: premiumOnly(200) },
  'POST /api/me/flashcards': {
    url: fixed('/api/me/flashcards'),
    body: () => ({ front: 'Frente', back: 'Verso' }),
    expect: premiumOnly(201),
  },
  'POST /api/me/flashcards/from-question': {
    url: fixed('/api/me/flashcards/from-question'),
    body: () => ({ questionId: 'nenhuma_prova_1' }),
    expect: premiumOnly([404, 'review/question-not-in-notebook']),
  },
  // Someone else's card is as unknown as a missing one.
  'PUT /api/me/flashcards/:id': {
    url: fixed(`/api/me/flashcards/${NO_PURCHASE}`),
    body: () => ({ front: 'Frente', back: 'Verso' }),
    expect: premiumOnly([404, 'review/flashcard-not-found']),
  },
  'DELETE /api/me/flashcards/:id': {
    url: fixed(`/api/me/flashcards/${NO_PURCHASE}`),
    expect: premiumOnly([404, 'review/flashcard-not-found']),
  },
  // "Meu edital": every signed-in student keeps their own; a photo is no PDF.
  'POST /api/me/editais/pdf': {
    url: fixed('/api/me/editais/pdf'),
    multipart: true,
    expect: signedIn([422, 'edital/pdf-unreadable']),
  },
  'POST /api/me/editais/previa': {
    url: fixed('/api/me/editais/previa'),
    body: () => ({ text: 'MATEMÁTICA: 1 Razão. 2 Proporção.' }),
    expect: signedIn(200),
  },
  'GET /api/me/editais': { url: fixed('/api/me/editais'), expect: signedIn(200) },
  'POST /api/me/editais': {
    url: fixed('/api/me/editais'),
    body: () => ({ name: 'Edital', text: 'MATEMÁTICA: 1 Razão. 2 Proporção.' }),
    expect: signedIn(201),
  },
  // Someone else's edital is as unknown as a missing one.
  'GET /api/me/editais/:id': {
    url: fixed(`/api/me/editais/${NO_PURCHASE}`),
    expect: signedIn([404, 'edital/not-found']),
  },
  'PATCH /api/me/editais/:id': {
    url: fixed(`/api/me/editais/${NO_PURCHASE}`),
    body: () => ({ name: 'Outro nome' }),
    expect: signedIn([404, 'edital/not-found']),
  },
  'DELETE /api/me/editais/:id': {
    url: fixed(`/api/me/editais/${NO_PURCHASE}`),
    expect: signedIn([404, 'edital/not-found']),
  },
  'GET /api/me/question-checks': { url: fixed('/api/me/question-checks'), expect: signedIn(200) },
  'POST /api/simulados': {
    url: fixed('/api/simulados'),
    body: (c) => ({ examId: c.examId }),
    expect: premiumOnly(201),
  },
  'GET /api/simulados': { url: fixed('/api/simulados'), expect: signedIn(200) },
  // Someone else's simulado is as unknown as a missing one (the owner's own are tested elsewhere).
  'GET /api/simulados/:id': {
    url: fixed(`/api/simulados/${NO_PURCHASE}`),
    expect: signedIn([404, 'simulado/not-found']),
  },
  'PUT /api/simulados/:id/answers/:questionId': {
    url: (c) => `/api/simulados/${NO_PURCHASE}/answers/${c.questionId}`,
    body: () => ({ letter: 'A' }),
    expect: signedIn([404, 'simulado/not-found']),
  },
  'POST /api/simulados/:id/finish': {
    url: fixed(`/api/simulados/${NO_PURCHASE}/finish`),
    expect: signedIn([404, 'simulado/not-found']),
  },

  'POST /api/help-requests': {
    url: fixed('/api/help-requests'),
    body: () => ({ mensagem: 'Preciso de ajuda com meu plano.' }),
    expect: { ...signedIn(201), unverified: [403, 'auth/email-not-verified'] },
  },
  'POST /api/error-reports': {
    url: fixed('/api/error-reports'),
    body: (c) => ({ questionId: c.questionId, type: 'Gabarito divergente' }),
    expect: signedIn(201),
  },

  'GET /api/me/error-reports': { url: fixed('/api/me/error-reports'), expect: signedIn(200) },
  'GET /api/me/notices': { url: fixed('/api/me/notices'), expect: signedIn(200) },
  'POST /api/me/notices/seen': {
    url: fixed('/api/me/notices/seen'),
    body: () => ({ ids: [1] }),
    expect: signedIn(204),
  },
  'POST /api/admin/exams/:examId/answer-key/preview': {
    url: (c) => `/api/admin/exams/${c.examId}/answer-key/preview`,
    body: () => ({ changes: [{ number: 2, key: 'A' }] }),
    expect: staffOnly(200),
  },
  // A list with a problem: refused whole, so no caller changes any key here.
  'POST /api/admin/exams/:examId/answer-key/apply': {
    url: (c) => `/api/admin/exams/${c.examId}/answer-key/apply`,
    body: () => ({ changes: [{ number: 99, key: 'A' }] }),
    expect: staffOnly([400, 'answer-key/problems']),
  },
  'GET /api/admin/reports': { url: fixed('/api/admin/reports'), expect: staffOnly(200) },
  'GET /api/admin/reports/:id': {
    url: (c) => `/api/admin/reports/${c.reportId}`,
    expect: staffOnly(200),
  },
  'PATCH /api/admin/reports/:id': {
    url: (c) => `/api/admin/reports/${c.reportId}`,
    body: () => ({ status: 'reviewing' }),
    expect: staffOnly(200),
  },
  'POST /api/admin/reports/:id/reply': {
    url: (c) => `/api/admin/reports/${c.reportId}/reply`,
    body: () => ({ mensagem: 'Estamos analisando o seu reporte.' }),
    expect: staffOnly(200),
  },
  'GET /api/admin/accounts': {
    url: fixed('/api/admin/accounts?q=Quem%20Reporta'),
    expect: supportOnly(200),
  },
  'GET /api/admin/accounts/:userId': {
    url: (c) => `/api/admin/accounts/${c.customerId}`,
    expect: supportOnly(200),
  },
  'POST /api/admin/accounts/:userId/premium': {
    url: (c) => `/api/admin/accounts/${c.victimId}/premium`,
    body: () => ({ dias: 1 }),
    expect: adminOnly(NO_REASON),
  },
  'POST /api/admin/accounts/:userId/tokens': {
    url: (c) => `/api/admin/accounts/${c.victimId}/tokens`,
    body: () => ({ pacotes: 1 }),
    expect: supportOnly(NO_REASON),
  },
  'POST /api/admin/accounts/:userId/block': {
    url: (c) => `/api/admin/accounts/${c.victimId}/block`,
    body: () => ({}),
    expect: adminOnly(NO_REASON),
  },
  'POST /api/admin/accounts/:userId/unblock': {
    url: (c) => `/api/admin/accounts/${c.victimId}/unblock`,
    body: () => ({}),
    expect: adminOnly(NO_REASON),
  },
  'POST /api/admin/accounts/:userId/resend-verification': {
    url: (c) => `/api/admin/accounts/${c.victimId}/resend-verification`,
    body: () => ({}),
    expect: supportOnly(NO_REASON),
  },
  'POST /api/admin/accounts/:userId/end-sessions': {
    url: (c) => `/api/admin/accounts/${c.victimId}/end-sessions`,
    body: () => ({}),
    expect: supportOnly(NO_REASON),
  },
  'GET /api/admin/metrics': {
    url: fixed('/api/admin/metrics'),
    expect: adminOnly(200),
  },
  'GET /api/admin/payments': {
    url: fixed('/api/admin/payments?status=pending&produto=diario'),
    expect: supportOnly(200),
  },
  'GET /api/admin/payments/:id': {
    url: (c) => `/api/admin/payments/${c.customerPurchaseId}`,
    expect: supportOnly(200),
  },
  'POST /api/admin/payments/:id/reconcile': {
    url: (c) => `/api/admin/payments/${c.customerPurchaseId}/reconcile`,
    body: () => ({}),
    expect: supportOnly(200),
  },
  'POST /api/admin/payments/:id/refund': {
    url: (c) => `/api/admin/payments/${c.customerPurchaseId}/refund`,
    body: () => ({}),
    expect: adminOnly(NO_REASON),
  },
  'GET /api/admin/help-requests': {
    url: fixed('/api/admin/help-requests'),
    expect: supportOnly(200),
  },
  'GET /api/admin/help-requests/:id': {
    url: (c) => `/api/admin/help-requests/${c.helpRequestId}`,
    expect: supportOnly(200),
  },
  'POST /api/admin/help-requests/:id/replies': {
    url: (c) => `/api/admin/help-requests/${c.helpRequestId}/replies`,
    body: () => ({ body: 'Estamos verificando a sua mensagem.' }),
    expect: supportOnly(200),
  },
  'POST /api/admin/help-requests/:id/status': {
    url: (c) => `/api/admin/help-requests/${c.helpRequestId}/status`,
    body: () => ({ status: 'closed' }),
    expect: supportOnly(200),
  },

  'GET /api/plans': { url: fixed('/api/plans'), expect: same(200) },
  'POST /api/payments': {
    url: fixed('/api/payments'),
    body: () => ({
      productId: 'diario',
      productType: 'plan',
      payer: { firstName: 'Ana', lastName: 'Souza', cpf: '529.982.247-25' },
    }),
    expect: { ...signedIn(201), unverified: [403, 'auth/email-not-verified'] },
  },
  'GET /api/payments/:id': {
    url: (c) => `/api/payments/${c.purchaseId}`,
    expect: signedIn([404, 'billing/not-found']),
  },
  'GET /api/payments/:id/events': {
    url: (c) => `/api/payments/${c.purchaseId}/events`,
    expect: signedIn([404, 'billing/not-found']),
  },
  'GET /api/me/purchases': { url: fixed('/api/me/purchases'), expect: signedIn(200) },
  // Each confirmed caller starts an export of its own account (built in the background).
  'POST /api/me/data-exports': {
    url: fixed('/api/me/data-exports'),
    expect: { ...signedIn(202), unverified: [403, 'auth/email-not-verified'] },
  },
  'GET /api/me/data-exports': { url: fixed('/api/me/data-exports'), expect: signedIn(200) },
  // Another account's export answers as a missing one (data-export.test.ts drives both).
  'GET /api/me/data-exports/:id/file': {
    url: fixed(`/api/me/data-exports/${NO_PURCHASE}/file`),
    expect: signedIn([404, 'privacy/export-not-found']),
  },
  // Its credential is the provider's signature, which no browser has.
  'POST /api/webhooks/mercadopago': {
    url: fixed('/api/webhooks/mercadopago?data.id=1&type=payment'),
    expect: same([401, 'billing/invalid-signature']),
  },
  // The development pages (the sandbox's, present only with the sandbox provider, and the outbox)
  // answer only to the server's own machine; every caller here asks from a network address
  // (what they answer locally: network-edge.test.ts).
  'GET /dev/pix/:purchaseId': { url: fixed(`/dev/pix/${NO_PURCHASE}`), expect: localOnly },
  'POST /dev/pix/:purchaseId/pay': { url: fixed(`/dev/pix/${NO_PURCHASE}/pay`), expect: localOnly },
  'POST /dev/pix/:purchaseId/refund': {
    url: fixed(`/dev/pix/${NO_PURCHASE}/refund`),
    expect: localOnly,
  },

  // Its credential is the operator token of the lock file, which no browser has.
  'POST /api/internal/operator/:command': {
    url: fixed('/api/internal/operator/db:status'),
    body: () => ({ args: [] }),
    expect: same([403, 'auth/forbidden']),
  },
  'GET /api/dev/outbox': { url: fixed('/api/dev/outbox'), expect: localOnly },
  'GET /dev/outbox': { url: fixed('/dev/outbox'), expect: localOnly },
  'GET /*': { url: fixed('/favicon.svg'), expect: same(200) },
  ...Object.fromEntries(
    // The web app's pages, whoever asks: the app itself tells who may see them.
    APP_ROUTES.map((route) => [
      `GET ${route}`,
      { url: fixed(route.replace(/:\w+/g, NO_PURCHASE)), expect: same(200) },
    ]),
  ),
  // Last: these end the caller's sessions (every one of them, then the current one).
  'POST /api/auth/logout-everywhere': {
    url: fixed('/api/auth/logout-everywhere'),
    expect: signedIn(204),
  },
  'POST /api/auth/logout': { url: fixed('/api/auth/logout'), expect: same(204) },
};

describe('authorization matrix', () => {
  let issuer: MockIssuer;
  let testApp: TestApp;
  const cookies: Partial<Record<Role, string>> = {};
  const emails: Partial<Record<Role, string>> = {};
  let context: Omit<Context, 'role' | 'existingEmail'>;
  let victim: { email: string; name: string; id: string };
  let victimBefore: string;
  let photo: Buffer;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Gabarita</title>');
    fs.writeFileSync(
      path.join(webDistDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    testApp = await createTestApp({
      config: {
        webDistDir,
        google: { issuer: issuer.url, clientId: 'gabarita-web', clientSecret: 'segredo' },
      },
      deps: { operatorToken: 'token-do-operador' },
    });
    const { db } = testApp.database;
    await createContentImportService(db).importContent(MINI_CATALOG);

    const account = async (options: { verified?: boolean; name?: string } = {}) => {
      const created = await createPasswordUser(db, options);
      return { ...created, cookie: await sessionCookieFor(db, created.user.id) };
    };
    emails.visitor = (await createPasswordUser(db)).email;
    const victimAccount = await account({ name: 'Vítima Singular Xyz' });
    const victimPurchase = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { origin: APP_ORIGIN, cookie: victimAccount.cookie },
      payload: {
        productId: 'mensal',
        productType: 'plan',
        payer: { firstName: 'Vítima', lastName: 'Singular', cpf: '111.444.777-35' },
      },
    });
    victim = { email: victimAccount.email, name: 'Vítima Singular Xyz', id: victimAccount.user.id };
    photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    // The victim has history, a photo and a plan: none of it may reach anyone else.
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: {
        origin: APP_ORIGIN,
        cookie: victimAccount.cookie,
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: multipartPhoto(photo),
    });

    const roleAccount = async (role: Role, options: { verified?: boolean } = {}) => {
      const created = await account(options);
      cookies[role] = created.cookie;
      emails[role] = created.email;
      return created;
    };
    await roleAccount('unverified', { verified: false });
    await roleAccount('free');
    const premium = await roleAccount('premium');
    await createOperatorService(testApp.database).run(
      'user:grant-premium',
      [premium.email, '30'],
      'direct',
    );
    await roleAccount('other');
    const editor = await roleAccount('editor');
    await createOperatorService(testApp.database).run(
      'admin:create',
      [editor.email, '--role', 'editor'],
      'direct',
    );
    const supportStaff = await roleAccount('support');
    await createOperatorService(testApp.database).run(
      'admin:create',
      [supportStaff.email, '--role', 'support'],
      'direct',
    );
    const admin = await roleAccount('admin');
    await createOperatorService(testApp.database).run('admin:create', [admin.email], 'direct');

    const reporter = await account({ name: 'Quem Reporta' });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/error-reports',
      headers: { origin: APP_ORIGIN, cookie: reporter.cookie },
      payload: { questionId: 'alfa_2017_prova_2', type: 'Outro', text: 'Falta uma vírgula.' },
    });
    const [reportRow] = await db
      .select({ id: errorReports.id })
      .from(errorReports)
      .where(eq(errorReports.userId, reporter.user.id));
    const asker = await account({ name: 'Quem Pede Ajuda' });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/help-requests',
      headers: { origin: APP_ORIGIN, cookie: asker.cookie },
      payload: { mensagem: 'Não consigo entrar.' },
    });
    const customerPurchase = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { origin: APP_ORIGIN, cookie: asker.cookie },
      payload: {
        productId: 'diario',
        productType: 'plan',
        payer: { firstName: 'Quem', lastName: 'Compra', cpf: '529.982.247-25' },
      },
    });
    const [helpRow] = await db
      .select({ id: helpRequests.id })
      .from(helpRequests)
      .where(eq(helpRequests.userId, asker.user.id));

    victimBefore = await stateOf(db, victim.id);
    expect(JSON.parse(victimBefore)).toMatchObject({
      user: [{ name: victim.name }],
      sessions: [expect.anything()],
      purchases: [{ status: 'pending' }],
      photo: [expect.anything()],
    });

    context = {
      examId: 'alfa_2017_prova',
      questionId: 'alfa_2017_prova_1',
      assetId: (
        await testApp.app.inject({ method: 'GET', url: '/api/questions/alfa_2017_prova_3' })
      )
        .json()
        .image.url.split('/')
        .pop()
        .split('?')[0],
      victimId: victim.id,
      purchaseId: victimPurchase.json().purchaseId,
      reportId: reportRow!.id,
      helpRequestId: helpRow!.id,
      customerId: reporter.user.id,
      customerPurchaseId: customerPurchase.json().purchaseId,
      snapshot: (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/admin/questions/alfa_2017_prova_1',
          headers: { cookie: cookies.admin! },
        })
      ).json().snapshot,
    };
  });
  afterAll(async () => {
    await testApp.close();
    await issuer.stop();
  });

  it('has an entry for every registered route, and a route for every entry', () => {
    const registered = new Set(
      testApp.app.declaredRoutes
        .filter((route) => route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`),
    );
    expect([...registered].filter((route) => !MATRIX[route])).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !registered.has(route))).toEqual([]);
    // HEAD routes mirror their GET routes and are driven with them below.
    for (const route of testApp.app.declaredRoutes.filter((r) => r.method === 'HEAD')) {
      expect(registered.has(`GET ${route.url}`)).toBe(true);
    }
  });

  const routeKeys = Object.keys(MATRIX);
  describe.each(ROLES)('as %s', (role) => {
    it.each(routeKeys)('%s', async (key) => {
      const probe = MATRIX[key]!;
      const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
      const ctx = { ...context, role, existingEmail: emails[role]! };
      const response = await request(method, probe, ctx, role);
      const expected = probe.expect[role];
      const [status, code] = Array.isArray(expected) ? expected : [expected, undefined];
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      if (code) expect(response.json().error.code).toBe(code);
      expectNothingOfTheVictim(response);
      // Whatever another account asked, the victim's account, sessions, plan, purchases, photo,
      // history and tokens are as they were.
      if (method !== 'GET')
        expect(await stateOf(testApp.database.db, victim.id)).toBe(victimBefore);
      if (method === 'GET') {
        const head = await testApp.app.inject({
          method: 'HEAD',
          url: probe.url(ctx),
          headers: headersFor(role),
          remoteAddress: addressOf(role),
        });
        expect(head.statusCode).toBe(status);
      }
    });
  });

  function headersFor(role: Role): Record<string, string> {
    const cookie = cookies[role];
    return { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) };
  }

  /** Each role asks from its own address, so per-address limits do not mix roles. */
  function addressOf(role: Role) {
    return `10.20.0.${ROLES.indexOf(role) + 1}`;
  }

  function request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    probe: Probe,
    ctx: Context,
    role: Role,
  ) {
    const headers = headersFor(role);
    if (probe.multipart) {
      return testApp.app.inject({
        method,
        url: probe.url(ctx),
        remoteAddress: addressOf(role),
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b' },
        payload: multipartPhoto(photo),
      });
    }
    return testApp.app.inject({
      method,
      url: probe.url(ctx),
      remoteAddress: addressOf(role),
      headers,
      ...(method === 'GET'
        ? {}
        : { payload: (probe.body?.(ctx) ?? {}) as Record<string, unknown> }),
    });
  }

  function expectNothingOfTheVictim(response: LightMyRequestResponse) {
    const body = response.body;
    expect(body).not.toContain(victim.email);
    expect(body).not.toContain(victim.name);
    expect(body).not.toContain(victim.id);
    if (response.headers['content-type']?.toString().startsWith('image/')) {
      expect(response.rawPayload.equals(photo)).toBe(false);
    }
  }
});

/** Everything the victim owns, as one comparable string. */
async function stateOf(db: Database, userId: string) {
  const [user, ownSessions, ownPurchases, photo, plan, history, wallet] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)),
    db
      .select({ id: purchases.id, status: purchases.status, productId: purchases.productId })
      .from(purchases)
      .where(eq(purchases.userId, userId)),
    db.select().from(userPhotos).where(eq(userPhotos.userId, userId)),
    db.select().from(entitlements).where(eq(entitlements.userId, userId)),
    db.select().from(questionHistory).where(eq(questionHistory.userId, userId)),
    db.select().from(tokenWallets).where(eq(tokenWallets.userId, userId)),
  ]);
  return JSON.stringify({
    user,
    sessions: ownSessions,
    purchases: ownPurchases,
    photo,
    plan,
    history,
    wallet,
  });
}

function multipartPhoto(content: Buffer) {
  return Buffer.concat([
    Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n--b--\r\n'),
  ]);
}
