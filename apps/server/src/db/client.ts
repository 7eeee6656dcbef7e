import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code is written against, whichever driver sits below it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any instance on this
   * database (PostgreSQL LISTEN/NOTIFY, which PGlite has too). Resolves once listening; the
   * returned function stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * The embedded database's files as a gzipped tar, taken between statements after a checkpoint:
   * what a crash at that instant would leave, which PostgreSQL recovers from (PGlite only).
   */
  dumpDataDir?(): Promise<Blob>;
  /** The connection pool's state, for /metrics (PostgreSQL; PGlite has no pool). */
  poolState?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget =
  // dataDir undefined: in memory; loadDataDir: start from a dump of another database (tests).
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'pglite'
    ? openPglite(target.dataDir, target.loadDataDir)
    : openPostgres(target);
}

const BYTEA = 17;
/**
 * PGlite's own bytea serializer writes each byte as two hex digits through a string per byte, about
 * 0.7 s a megabyte in this thread (an import's images), and its parser reads them back with a
 * parseInt per byte. Bytes handed to PGlite as they are go in the protocol's binary format (a copy);
 * the text answers are decoded by Buffer's native hex decoder.
 */
const BYTEA_AS_BINARY = {
  // Typed as text by PGlite, but any Uint8Array it is given is sent as binary.
  serializers: { [BYTEA]: (value: Uint8Array) => value as unknown as string },
  parsers: { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};

/**
 * PostgreSQL's default of 128 MB of shared buffers is sized for a server with memory of its own; in
 * PGlite they live in the process's WebAssembly memory, which is touched at start and never given
 * back. 16 MB holds the hot pages of a catalogue the embedded database is meant for, and the
 * operating system's file cache keeps the rest (docs/performance.md, "Memory of a server").
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  // unaccent: question search ignores accents (docs/product-rules.md, "Question search").
  const client = await PGlite.create(dataDir, {
    extensions: { unaccent },
    postgresqlconf: PGLITE_CONF,
    ...BYTEA_AS_BINARY,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async dumpDataDir() {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    close: once(() => client.close()),
  };
}

// Any number fixed for the project; it only has to be the same in every instance.
const MIGRATION_LOCK_ID = 726_354_001;

async function openPostgres(target: {
  url: string;
  maxConnections?: number;
}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onMessage) => listenPostgres(target.url, channel, onMessage),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: once(() => pool.end()),
  };
}

const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN needs a connection of its own, kept open. If it drops (a database restart), it is opened
 * again; notifications sent meanwhile are lost, so listeners must also be able to re-read state.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped) return;
      void next.end().catch(() => undefined);
      setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** Wakes the listeners of `channel` on every instance, once the current transaction commits. */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Whether statements on `db` run in a PostgreSQL server (another process) rather than in PGlite,
 * inside this one: code that would hold up the server's thread on PGlite may do more per statement.
 */
export function runsOnPostgres(db: Database): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * `any(…)` over a list of texts sent as one JSON parameter, for `column = ${anyOfTexts(list)}`: a
 * statement may have at most 65,535 parameters, and on PGlite thousands of them hold the server's
 * thread while they are sent and planned (docs/performance.md, "Import while reading").
 */
export function anyOfTexts(values: readonly string[]): SQL {
  return sql`any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
}

/** Raw SQL for the few queries the query builder cannot express; both drivers answer with `rows`. */
export async function executeRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
