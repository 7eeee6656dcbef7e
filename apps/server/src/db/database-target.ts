import path from 'node:path';
import type { AppConfig } from '../config';
import { type DatabaseTarget } from './client';

/** DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite files live in DATA_DIR/pgdata. */
export function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
}
