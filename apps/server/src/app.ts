import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ID_MAX_LENGTH } from '@gabarita/shared';
import type { AppConfig, TrustProxy } from './config';
import type { DatabaseHandle } from './db/client';
import { aiRoutes } from './modules/ai/ai.routes';
import { createAiService } from './modules/ai/ai.service';
import { createTutor } from './modules/ai/tutor/tutor';
import { appInfoRoutes } from './modules/app-info/app-info.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { type BillingService, createBillingService } from './modules/billing/billing.service';
import { createPixProvider, providerCallMs } from './modules/billing/pix/providers';
import { startPaymentReconciler } from './modules/billing/reconciler';
import { sandboxRoutes } from './modules/billing/sandbox.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogCache } from './modules/catalog/catalog-cache';
import { createCatalogService, marksFromMemory } from './modules/catalog/catalog.service';
import { createPerformanceService } from './modules/study/performance.service';
import { simuladoRoutes } from './modules/study/simulado.routes';
import { examOptionRoutes } from './modules/study/exam-options/exam-option.routes';
import { createExamOptionService } from './modules/study/exam-options/exam-option.service';
import { createSimuladoService } from './modules/study/simulado.service';
import { createStudyMarks } from './modules/study/study-marks';
import { studyRoutes } from './modules/study/study.routes';
import { createStudyService } from './modules/study/study.service';
import { createCommentaryService } from './modules/study/commentary.service';
import { createReviewService } from './modules/study/review.service';
import { createReviewQueueService, reviewQueueRoutes } from './modules/review';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionCache } from './modules/auth/session-cache';
import { googleRoutes } from './modules/auth/google.routes';
import { createGoogleSignIn } from './modules/auth/google.service';
import { registerSessionResolution } from './modules/auth/session.plugin';
import { healthRoutes } from './modules/health/health.routes';
import { createHousekeeping } from './modules/housekeeping/housekeeping.service';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service';
import { createHealthService } from './modules/health/health.service';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { createMetrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { browserImportRoutes } from './modules/catalog/import/browser-import.routes';
import { createBrowserImportService } from './modules/catalog/import/browser-import.service';
import { answerKeyRoutes } from './modules/study/answer-key/answer-key.routes';
import { createAnswerKeyService } from './modules/study/answer-key/answer-key.service';
import { noticesRoutes } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { questionEditorRoutes } from './modules/catalog/editor/question-editor.routes';
import { createImageReplacementService } from './modules/catalog/editor/image-replacement.service';
import { createQuestionEditorService } from './modules/catalog/editor/question-editor.service';
import { createAuditService } from './modules/audit/audit.service';
import { helpInboxRoutes } from './modules/support/help-inbox.routes';
import { createHelpInboxService } from './modules/support/help-inbox.service';
import { reportTriageRoutes } from './modules/support/report-triage.routes';
import { accountsConsoleRoutes } from './modules/accounts-console/accounts-console.routes';
import { createAccountsConsoleService } from './modules/accounts-console/accounts-console.service';
import { paymentsConsoleRoutes } from './modules/payments-console/payments-console.routes';
import { createPaymentsConsoleService } from './modules/payments-console/payments-console.service';
import { operationsMetricsRoutes } from './modules/operations-metrics/operations-metrics.routes';
import { createOperationsMetricsService } from './modules/operations-metrics/operations-metrics.service';
import { createReportTriageService } from './modules/support/report-triage.service';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { createTokenLedger } from './modules/tokens/token-ledger.service';
import { accountDeletionRoutes } from './modules/account-deletion/account-deletion.routes';
import { createAccountDeletionService } from './modules/account-deletion/account-deletion.service';
import { consentsRoutes } from './modules/consents/consents.routes';
import { createConsentsService } from './modules/consents/consents.service';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { createDataExportService } from './modules/data-export/data-export.service';
import { type DeclaredRoute, registerAccessControl } from './plugins/access';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler';
import { registerHttpCaching } from './plugins/http-caching';
import { registerRequestGuard } from './plugins/request-guard';
import { readIndexPages } from './plugins/index-page';
import { contentSecurityPolicy, registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerApiDocs } from './plugins/api-docs';
import { isLoopbackHost } from './lib/loopback';
import { endStreamsOnClose } from './lib/sse';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, complete once the app is ready. */
    declaredRoutes: DeclaredRoute[];
    /**
     * Starts the periodic work (servers only, not tests): the hourly clean-up of expired records
     * and the payment reconciler.
     */
    startHousekeeping(): void;
    /** Runs one round of the payment reconciler now (it also runs on its own once started). */
    reconcilePayments(): ReturnType<BillingService['reconcileOnce']>;
  }
}

/**
 * A request line in absolute form (`POST http://host/api/...`, which HTTP/1.1 servers must accept)
 * is rewritten to its path before routing, so every hook decides on the same path the router does.
 */
function originForm(request: { url?: string }): string {
  const url = request.url ?? '/';
  if (url.startsWith('/')) return url;
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}

/** Headers must arrive within this; the whole request within REQUEST_TIMEOUT_SECONDS. */
const HEADERS_TIMEOUT_MS = 20_000;

/** A hop count means: trust that many proxies nearest to us. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export interface AppDependencies {
  database: DatabaseHandle;
  /** Present when this server holds the embedded database and accepts local operator commands. */
  operatorToken?: string;
  /** Replaces the mailer chosen from the configuration. */
  mailer?: Mailer;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      ...(config.nodeEnv === 'development' && process.stdout.isTTY && !deps.logStream
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
    },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    rewriteUrl: originForm,
    // A client trickling its headers or body holds a socket only this long (checked each second).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Long enough for any id the schemas accept, even percent-encoded; the schemas decide.
    routerOptions: { maxParamLength: ID_MAX_LENGTH * 3 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Only when something may read them (docs/deployment.md, "Metrics").
  const metrics = config.metricsToken ? createMetrics(deps.database) : undefined;
  if (metrics) {
    metrics.observeRequests(app);
    app.addHook('onClose', async () => metrics.close());
  }

  const secureCookies = config.appUrl.startsWith('https:');
  // Read once: every page navigation answers it, and the CSP allows its inline script.
  const indexPages = readIndexPages(config.webDistDir);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: contentSecurityPolicy(config.appUrl, indexPages?.inlineScriptHashes),
    },
    strictTransportSecurity: secureCookies,
    // Google sign-in runs in a popup that must be able to report back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  registerRequestGuard(app, config.appUrl);

  const { db } = deps.database;
  const mailer =
    deps.mailer ??
    (config.smtp
      ? createSmtpMailer(config.smtp)
      : createOutboxMailer(db, app.log, { logLinks: config.nodeEnv !== 'production' }));
  // Only where every writer shares this process (docs/decisions/009-hot-path-caches.md).
  const sessionCache =
    deps.database.kind === 'pglite' ? createSessionCache(deps.database, app.log) : undefined;
  if (sessionCache) {
    await sessionCache.start();
    app.addHook('onClose', async () => sessionCache.close());
  }
  const auth = createAuthService({ db, mailer, config, log: app.log, sessionCache });
  const users = createUsersService({ db, auth, log: app.log });
  const catalogCache = createCatalogCache(deps.database, app.log);
  await catalogCache.start();
  app.addHook('onClose', async () => catalogCache.close());
  const studyMarks = createStudyMarks(deps.database, app.log);
  await studyMarks.start();
  app.addHook('onClose', async () => studyMarks.close());
  const catalog = createCatalogService(db, catalogCache, marksFromMemory(studyMarks.of));
  const simulados = createSimuladoService(db, studyMarks);
  const ledger = createTokenLedger(db, config.ai.pricing);
  const study = createStudyService(db, catalog, studyMarks, simulados, {
    tokens: config.packageCheckTokens,
    charge: (tx, userId) => ledger.chargeCheck(tx, userId, config.packageCheckTokens),
    affordable: (userId) => ledger.canPay(userId, config.packageCheckTokens),
  });
  const limits = createRateLimiter(db);
  const ai = createAiService({
    database: deps.database,
    tutor: createTutor(config.ai),
    ledger,
    catalog,
    study,
    limits,
    log: app.log,
  });
  // Running AI calls end (and settle their tokens) before the server stops taking their streams.
  app.addHook('preClose', async () => ai.close());
  const support = createSupportService({
    db,
    mailer,
    supportEmail: config.supportEmail,
    log: app.log,
    catalog,
  });
  const google = config.google
    ? createGoogleSignIn(config.google, config.appUrl, db, auth)
    : undefined;
  const pixProvider = createPixProvider(config, db);
  const billing = createBillingService({
    database: deps.database,
    provider: pixProvider,
    log: app.log,
    reconcileIntervalMs: config.pix.reconcileIntervalMs,
    providerCallMs: providerCallMs(config),
  });
  registerSessionResolution(app, auth, secureCookies);
  const housekeeping = createHousekeeping({
    db,
    limits,
    ledger,
    ai,
    retention: config.retention,
    log: app.log,
  });
  const dataExports = createDataExportService({
    db,
    mailer,
    appUrl: config.appUrl,
    limits,
    log: app.log,
  });
  app.addHook('preClose', async () => dataExports.close());
  let stopHousekeeping: (() => void) | undefined;
  let stopReconciler: (() => Promise<void>) | undefined;
  app.decorate('startHousekeeping', () => {
    stopHousekeeping ??= housekeeping.start();
    stopReconciler ??= startPaymentReconciler(billing, config.pix.reconcileIntervalMs, app.log);
  });
  app.decorate('reconcilePayments', () => billing.reconcileOnce());
  app.addHook('onClose', async () => {
    stopHousekeeping?.();
    await stopReconciler?.();
    await billing.close();
  });
  app.decorate('declaredRoutes', registerAccessControl(app));
  await registerApiDocs(app);
  endStreamsOnClose(app);
  if (
    config.ai.provider === 'gemini' &&
    config.ai.pricing.inputPerMillion === 0 &&
    config.ai.pricing.outputPerMillion === 0
  ) {
    app.log.warn(
      { provider: config.ai.provider, model: config.ai.model },
      'AI_PRICE_INPUT_PER_MILLION e AI_PRICE_OUTPUT_PER_MILLION não definidos para este modelo: o custo das chamadas será registrado como zero.',
    );
  }
  if (mailer.kind === 'outbox') {
    // Decided on the address actually bound: a server reachable from other machines sends them
    // no e-mail at all (its outbox answers only here).
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address !== 'object' || isLoopbackHost(address.address)) return;
      app.log.warn(
        { host: address.address },
        `ATENÇÃO: sem SMTP_URL, os e-mails (verificação de cadastro, recuperação de senha) ficam na caixa de saída de desenvolvimento, que só responde a este computador (http://localhost:${address.port}/dev/outbox): quem acessar de outra máquina não os recebe. Configure SMTP_URL antes de expor o servidor.`,
      );
    });
  }

  await app.register(
    async (api) => {
      await registerHttpCaching(api);
      await api.register(healthRoutes, { health: createHealthService(deps.database) });
      await api.register(appInfoRoutes, {
        info: {
          supportEmail: config.supportEmail ?? null,
          tutor: ai.tutorInfo,
          privacyEmail: config.privacyEmail ?? null,
          retentionDays: {
            aiChats: config.retention.aiChatDays,
            devOutbox: config.retention.outboxDays,
            dataExports: 1,
          },
        },
      });
      await api.register(authRoutes, { auth, googleEnabled: Boolean(google), secureCookies });
      if (google)
        await api.register(googleRoutes, { google, appUrl: config.appUrl, secureCookies });
      await api.register(usersRoutes, { users });
      await api.register(consentsRoutes, { consents: createConsentsService({ db }) });
      await api.register(dataExportRoutes, { exports: dataExports });
      await api.register(accountDeletionRoutes, {
        deletion: createAccountDeletionService({
          db,
          auth,
          mailer,
          limits,
          log: app.log,
          privacyEmail: config.privacyEmail,
        }),
        secureCookies,
      });
      await api.register(catalogRoutes, { catalog });
      await api.register(studyRoutes, {
        study,
        performance: createPerformanceService(db, studyMarks),
        review: createReviewService(db),
        commentary: createCommentaryService({
          catalog,
          study,
          hasTutorAccess: ai.hasTutorAccess,
        }),
      });
      await api.register(simuladoRoutes, { simulados });
      await api.register(reviewQueueRoutes, { reviews: createReviewQueueService(db) });
      await api.register(examOptionRoutes, { examOptions: createExamOptionService(db) });
      await api.register(supportRoutes, { support });
      await api.register(auditRoutes, { audit: createAuditService(db) });
      await api.register(noticesRoutes, { notices: createNoticesService(db) });
      await api.register(answerKeyRoutes, { answerKey: createAnswerKeyService(db) });
      await api.register(browserImportRoutes, { imports: createBrowserImportService(db) });
      await api.register(questionEditorRoutes, {
        editor: createQuestionEditorService(db),
        images: createImageReplacementService(db),
      });
      await api.register(reportTriageRoutes, {
        triage: createReportTriageService({ db, mailer, appUrl: config.appUrl }),
      });
      await api.register(helpInboxRoutes, { inbox: createHelpInboxService({ db, mailer }) });
      await api.register(accountsConsoleRoutes, {
        accounts: createAccountsConsoleService({
          db,
          auth,
          ledger,
          mailer,
          supportPackageLimit: config.supportTokenGrantPackages,
        }),
      });
      await api.register(operationsMetricsRoutes, {
        metrics: createOperationsMetricsService({ db, usdBrlRate: config.usdBrlRate }),
      });
      await api.register(paymentsConsoleRoutes, {
        payments: createPaymentsConsoleService({ db, billing, log: app.log }),
      });
      await api.register(billingRoutes, { billing });
      await api.register(aiRoutes, { ai });
      if (deps.operatorToken) {
        await api.register(operatorRoutes, {
          database: deps.database,
          operatorToken: deps.operatorToken,
          config,
        });
      }
    },
    { prefix: '/api' },
  );
  if (config.nodeEnv !== 'production' && mailer.kind === 'outbox') {
    await app.register(outboxRoutes, { db, trustProxy: config.trustProxy });
  }
  if (pixProvider.name === 'sandbox') {
    await app.register(sandboxRoutes, {
      billing,
      sandbox: pixProvider,
      appUrl: config.appUrl,
      clients:
        config.pix.provider === 'sandbox' && config.pix.publicDemonstration
          ? 'everyone'
          : { local: config.trustProxy },
    });
  }
  if (metrics) await app.register(metricsRoutes, { metrics, token: config.metricsToken! });
  await registerSpa(app, config.webDistDir, indexPages);

  return app;
}
