import fs from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadDemoCatalogIfEmpty } from '@/modules/content-import';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { type DataDirLock, tryAcquireDataDirLock } from './db/data-dir-lock';
import { databaseTarget } from './db/database-target';
import { stopGracefully, trackRequests } from './lib/graceful-stop';

/** Time to close the database and release the lock once the grace period is over. */
const CLOSE_MARGIN_MS = 5_000;

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const target = databaseTarget(config);

  let lock: DataDirLock | undefined;
  if (target.kind === 'pglite') {
    const attempt = tryAcquireDataDirLock(config.dataDir, 'server');
    if (!attempt.acquired) {
      const who = attempt.holder.holder === 'server' ? 'outro servidor' : 'um comando de operação';
      console.error(
        `O banco embutido em ${config.dataDir} já está em uso por ${who} (pid ${attempt.holder.pid}). ` +
          'Encerre esse processo ou use outro DATA_DIR.',
      );
      process.exit(1);
    }
    lock = attempt.lock;
  }

  const database = await openDatabase(target);
  await database.migrate();
  const app = await buildApp(config, { database, operatorToken: lock?.info.operatorToken });
  await loadDemoCatalogIfEmpty(database.db, app.log);
  app.startHousekeeping();

  const graceMs = config.shutdownGraceMs;
  const requests = trackRequests(app.server);
  closeWithGrace({ delay: graceMs + CLOSE_MARGIN_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'encerrando após erro');
    else app.log.info({ signal, graceMs }, 'encerrando');
    // The app's own clean-up (streams, listeners, background work) needs the database: it closes
    // after the app, never in an onClose hook (those run before the ones the app registered).
    // The lock goes in every case, so that the next server on this DATA_DIR can start.
    try {
      await stopGracefully(app, requests, graceMs);
    } finally {
      try {
        await database.close();
      } finally {
        lock?.release();
      }
    }
    app.log.info('encerrado');
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (lock && address && typeof address === 'object') lock.announceServer(address.port);
  app.log.info(
    { database: database.kind, dataDir: target.kind === 'pglite' ? config.dataDir : undefined },
    `Gabarita disponível em ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
