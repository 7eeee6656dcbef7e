import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from './app';
import type { AppConfig } from './config';
import { isLoopbackHost } from './lib/loopback';
import { createPersonalData } from './personal-data';
import type { createServer } from './server';
import { createAiService, createTutor } from '@/modules/ai';
import {
  createAuthService,
  createGoogleSignIn,
  createSessionCache,
  registerSessionResolution,
} from '@/modules/auth';
import {
  type BillingService,
  createBillingService,
  createPixProvider,
  providerCallMs,
  startPaymentReconciler,
} from '@/modules/billing';
import { createCatalogCache, createCatalogService } from '@/modules/catalog';
import { createDataExportService } from '@/modules/data-export';
import { createHousekeeping } from '@/modules/housekeeping';
import { createOutboxMailer, createSmtpMailer } from '@/modules/mail';
import { createRateLimiter } from '@/modules/rate-limit';
import {
  createSimuladoService,
  createStudyMarks,
  createStudyService,
  marksFromMemory,
} from '@/modules/study';
import { createSupportService } from '@/modules/support';
import { createTokenLedger } from '@/modules/tokens';
import { createUsersService } from '@/modules/users';

declare module 'fastify' {
  interface FastifyInstance {
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
 * The services more than one module uses, created once, in the order they depend on each other,
 * with their start and stop (buildApp, app.ts); the modules' plugins take what they need of them.
 */
export async function createServices(
  app: FastifyInstance,
  config: AppConfig,
  deps: AppDependencies,
  server: Pick<Awaited<ReturnType<typeof createServer>>, 'secureCookies' | 'metrics'>,
) {
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
  registerSessionResolution(app, auth, server.secureCookies);
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

  return {
    config,
    database: deps.database,
    db,
    log: app.log,
    operatorToken: deps.operatorToken,
    secureCookies: server.secureCookies,
    metrics: server.metrics,
    mailer,
    auth,
    google,
    users,
    catalog,
    studyMarks,
    simulados,
    ledger,
    study,
    limits,
    ai,
    support,
    pixProvider,
    billing,
    personalData,
    dataExports,
  };
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;
