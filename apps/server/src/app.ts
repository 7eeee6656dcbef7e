import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { ModulePlugin } from './lib/module-plugin';
import type { Mailer } from '@/modules/mail';
import { endStreamsOnClose } from './lib/sse';
import { accountDeletionModule } from '@/modules/account-deletion';
import { accountsConsoleModule } from '@/modules/accounts-console';
import { aiModule } from '@/modules/ai';
import { appInfoModule } from '@/modules/app-info';
import { auditModule } from '@/modules/audit';
import { authModule } from '@/modules/auth';
import { billingModule, billingSandboxModule } from '@/modules/billing';
import { catalogModule } from '@/modules/catalog';
import { consentsModule } from '@/modules/consents';
import { contentImportModule } from '@/modules/content-import';
import { dataExportModule } from '@/modules/data-export';
import { editalModule } from '@/modules/edital';
import { editorialModule } from '@/modules/editorial';
import { examOptionsModule } from '@/modules/exam-options';
import { healthModule } from '@/modules/health';
import { mailModule } from '@/modules/mail';
import { metricsModule } from '@/modules/metrics';
import { notebookExportModule } from '@/modules/notebook-export';
import { noticesModule } from '@/modules/notices';
import { operationsMetricsModule } from '@/modules/operations-metrics';
import { operatorModule } from '@/modules/operator';
import { paymentsConsoleModule } from '@/modules/payments-console';
import { reviewModule } from '@/modules/review';
import { studyModule } from '@/modules/study';
import { supportModule } from '@/modules/support';
import { usersModule } from '@/modules/users';
import { type DeclaredRoute, registerAccessControl } from './plugins/access';
import { registerApiDocs } from './plugins/api-docs';
import { registerHttpCaching } from './plugins/http-caching';
import { registerSpa } from './plugins/spa';
import { createServer } from './server';
import { type AppServices, createServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, complete once the app is ready. */
    declaredRoutes: DeclaredRoute[];
  }
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

/** The modules' plugins under /api (each module's *.plugin.ts), typed by what each one needs. */
const API_MODULES: ModulePlugin<AppServices>[] = [
  healthModule,
  appInfoModule,
  authModule,
  usersModule,
  consentsModule,
  dataExportModule,
  accountDeletionModule,
  catalogModule,
  studyModule,
  reviewModule,
  notebookExportModule,
  examOptionsModule,
  editalModule,
  supportModule,
  auditModule,
  noticesModule,
  editorialModule,
  contentImportModule,
  accountsConsoleModule,
  operationsMetricsModule,
  paymentsConsoleModule,
  billingModule,
  aiModule,
  operatorModule,
];

/** Pages outside /api: the development outbox, the PIX sandbox's payment page, /metrics. */
const ROOT_MODULES: ModulePlugin<AppServices>[] = [mailModule, billingSandboxModule, metricsModule];

export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const server = await createServer(config, deps);
  const { app } = server;
  const services = await createServices(app, config, deps, server);
  // Every route declares its access: the layer that enforces it goes before the first route, and
  // the API's description (which reads it) after the layer and before the routes.
  app.decorate('declaredRoutes', registerAccessControl(app));
  await registerApiDocs(app);
  endStreamsOnClose(app);
  await app.register(
    async (api) => {
      await registerHttpCaching(api);
      for (const module of API_MODULES) await api.register(module, services);
    },
    { prefix: '/api' },
  );
  for (const module of ROOT_MODULES) await app.register(module, services);
  await registerSpa(app, config.webDistDir, server.indexPages);
  return app;
}
