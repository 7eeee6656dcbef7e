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
import { aiRoutes, createAiService, createTutor } from '@/modules/ai';
import { appInfoRoutes } from '@/modules/app-info';
import {
  authRoutes,
  createAuthService,
  createSessionCache,
  googleRoutes,
  createGoogleSignIn,
  registerSessionResolution,
} from '@/modules/auth';
import {
  billingRoutes,
  type BillingService,
  createBillingService,
  createPixProvider,
  providerCallMs,
  startPaymentReconciler,
  sandboxRoutes,
} from '@/modules/billing';
import { catalogRoutes, createCatalogCache, createCatalogService } from '@/modules/catalog';
import {
  marksFromMemory,
  createPerformanceService,
  simuladoRoutes,
  createSimuladoService,
  createStudyMarks,
  studyRoutes,
  createStudyService,
  createCommentaryService,
  createReviewService,
} from '@/modules/study';
import { examOptionRoutes, createExamOptionService } from '@/modules/exam-options';
import { healthRoutes, createHealthService } from '@/modules/health';
import { createHousekeeping } from '@/modules/housekeeping';
import { createRateLimiter } from '@/modules/rate-limit';
import { createOutboxMailer, createSmtpMailer, type Mailer, outboxRoutes } from '@/modules/mail';
import { createMetrics, metricsRoutes } from '@/modules/metrics';
import { operatorRoutes } from '@/modules/operator';
import { usersRoutes, createUsersService } from '@/modules/users';
import { auditRoutes, createAuditService } from '@/modules/audit';
import { browserImportRoutes, createBrowserImportService } from '@/modules/content-import';
import {
  answerKeyRoutes,
  createAnswerKeyService,
  questionEditorRoutes,
  createImageReplacementService,
  createQuestionEditorService,
  reportTriageRoutes,
  createReportTriageService,
} from '@/modules/editorial';
import { noticesRoutes, createNoticesService } from '@/modules/notices';
import {
  helpInboxRoutes,
  createHelpInboxService,
  supportRoutes,
  createSupportService,
} from '@/modules/support';
import { accountsConsoleRoutes, createAccountsConsoleService } from '@/modules/accounts-console';
import { paymentsConsoleRoutes, createPaymentsConsoleService } from '@/modules/payments-console';
import {
  operationsMetricsRoutes,
  createOperationsMetricsService,
} from '@/modules/operations-metrics';
import { createTokenLedger } from '@/modules/tokens';
import { accountDeletionRoutes, createAccountDeletionService } from '@/modules/account-deletion';
import { consentsRoutes, createConsentsService } from '@/modules/consents';
import { dataExportRoutes, createDataExportService } from '@/modules/data-export';
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
import { createPersonalData } from './personal-data';
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
  const personalData = createPersonalData({ db, limits, ledger, retention: config.retention });
  const housekeeping = createHousekeeping({ db, personalData, ledger, ai, log: app.log });
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
          personalData,
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
