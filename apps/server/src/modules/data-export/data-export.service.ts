import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS_TIME_ZONE, type DataExport, type DataExportsResponse } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { privacyErrors } from '@/lib/app-errors';
import { saoPauloDay } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import type { Mailer } from '@/modules/mail';
import type { RateLimiter } from '@/modules/rate-limit';
import { exportReadyMail } from './data-export.mail';
import {
  completeBuild,
  type DataExportSummary,
  failBuilds,
  insertBuild,
  listedExports,
  lockAccountExports,
  ownExportFile,
  runningBuild,
} from './data-export.repo';
import { archiveFiles } from './export-archive';
import { readPersonalData } from './personal-data.repo';
import { type WallClock, writeZip } from './zip-writer';

const HOUR_MS = 60 * 60 * 1000;
/** A file can be downloaded for this long after it is ready. */
const DOWNLOADABLE_MS = 24 * HOUR_MS;
/** A build takes seconds: one still 'building' after this died with its server process. */
const BUILD_ABANDONED_MS = HOUR_MS;
/** Failed (and abandoned) builds stay listed this long, so the person sees what happened. */
const FAILED_LISTED_MS = 24 * HOUR_MS;
const LISTED_AT_MOST = 5;
const DATA_EXPORT_LIMIT = { name: 'data-export:user', max: 5, windowSeconds: 24 * 60 * 60 };
/** How long a closing server waits for the builds in flight before marking them failed. */
const CLOSE_WAIT_MS = 15_000;

/**
 * 'Baixar meus dados' (docs/product-rules.md, "Personal data and the LGPD"): a copy of everything
 * the account holds, built in the background into a .zip that only its owner downloads, for 24 h.
 */
export function createDataExportService(deps: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  limits: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, appUrl, limits, log } = deps;
  const building = new Map<string, Promise<void>>();
  let closing = false;

  async function build(row: DataExportSummary) {
    const started = performance.now();
    try {
      const data = await readPersonalData(db, row.userId);
      // The account was deleted meanwhile: its export went with it.
      if (!data.account) return;
      const readyAt = new Date();
      const content = await writeZip(archiveFiles(data, readyAt), readyAt, saoPauloWallClock);
      const expiresAt = new Date(readyAt.getTime() + DOWNLOADABLE_MS);
      if (!(await completeBuild(db, row.id, { content, readyAt, expiresAt }))) return;
      log.info(
        {
          exportId: row.id,
          userId: row.userId,
          sizeBytes: content.length,
          answers: data.answers.length,
          ms: Math.round(performance.now() - started),
        },
        'arquivo com os dados pessoais pronto',
      );
      const link = `${appUrl}/conta?exportacao=${row.id}`;
      await mailer
        .send(exportReadyMail({ to: data.account.email, link, expiresAt }))
        .catch((error: unknown) =>
          log.error(
            { err: error, exportId: row.id },
            'e-mail de arquivo de dados pronto não enviado',
          ),
        );
    } catch (error) {
      log.error({ err: error, exportId: row.id }, 'falha ao gerar o arquivo com os dados pessoais');
      await failBuilds(db, [row.id]).catch((failure: unknown) =>
        log.error({ err: failure, exportId: row.id }, 'exportação não marcada como falha'),
      );
    }
  }

  function startBuild(row: DataExportSummary) {
    building.set(
      row.id,
      build(row).finally(() => building.delete(row.id)),
    );
  }

  return {
    /**
     * Starts a build and answers at once; a build of this account still running is answered
     * instead of a second one (a double click, two tabs), without counting against the limit.
     */
    async request(userId: string): Promise<DataExport> {
      const abandonedBefore = () => new Date(Date.now() - BUILD_ABANDONED_MS);
      const running = await runningBuild(db, userId, abandonedBefore());
      if (running) return toDataExport(running, new Date());
      try {
        await limits.enforce([{ rule: DATA_EXPORT_LIMIT, subject: userId }]);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) {
          throw privacyErrors.exportLimited();
        }
        throw error;
      }
      const { row, started } = await inTransaction(db, async (tx) => {
        await lockAccountExports(tx, userId);
        const raced = await runningBuild(tx, userId, abandonedBefore());
        if (raced) return { row: raced, started: false };
        return { row: await insertBuild(tx, userId), started: true };
      });
      if (started) {
        if (closing) await failBuilds(db, [row.id]);
        else startBuild(row);
      }
      return toDataExport(closing && started ? { ...row, status: 'failed' } : row, new Date());
    },

    async list(userId: string): Promise<DataExportsResponse> {
      const now = new Date();
      const rows = await listedExports(
        db,
        userId,
        now,
        new Date(now.getTime() - FAILED_LISTED_MS),
        LISTED_AT_MOST,
      );
      return { items: rows.map((row) => toDataExport(row, now)) };
    },

    /** The file, for its owner only: anyone else is told it does not exist. */
    async file(userId: string, id: string): Promise<{ content: Buffer; filename: string }> {
      const row = await ownExportFile(db, id, userId);
      if (!row) throw privacyErrors.exportNotFound();
      const now = new Date();
      const status = toDataExport(row, now).status;
      if (status === 'building') throw privacyErrors.exportNotReady();
      if (status === 'failed' || !row.content || !row.readyAt || !row.expiresAt) {
        throw privacyErrors.exportNotFound();
      }
      if (row.expiresAt.getTime() <= now.getTime()) throw privacyErrors.exportExpired();
      return {
        content: row.content,
        filename: `gabarita-meus-dados-${saoPauloDay(row.readyAt)}.zip`,
      };
    },

    /** Waits for the builds in flight (the server is closing); past a while, marks them failed. */
    async close() {
      closing = true;
      if (building.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.allSettled([...building.values()]).then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        const abandoned = [...building.keys()];
        log.warn({ exports: abandoned }, 'exportações em andamento abandonadas ao encerrar');
        await failBuilds(db, abandoned);
      }
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;

/** What the person sees: a build that outlived its process shows as failed. */
function toDataExport(row: DataExportSummary, now: Date): DataExport {
  const abandoned =
    row.status === 'building' && row.requestedAt.getTime() <= now.getTime() - BUILD_ABANDONED_MS;
  return {
    id: row.id,
    status: abandoned ? 'failed' : row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The zip's file times, as a person in Brazil reads a clock. */
function saoPauloWallClock(instant: Date): WallClock {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClockParts.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}
