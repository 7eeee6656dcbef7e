import fs from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@/db/client';
import { operatorErrors } from '@/lib/app-errors';
import { megabytes } from '@/lib/operator-numbers';

export const POSTGRES_BACKUP_RECIPE =
  'Com PostgreSQL (DATABASE_URL), use as ferramentas dele: pg_dump -Fc -d "$DATABASE_URL" -f gabarita.dump ' +
  'para a cópia e pg_restore --clean --if-exists -d "$DATABASE_URL" gabarita.dump para restaurar (docs/deployment.md).';

/** Writes the embedded database to `file` (a new file: an existing one is never overwritten). */
export async function backupEmbeddedDatabase(database: DatabaseHandle, file: string) {
  if (!database.dumpDataDir) throw operatorErrors.usage(POSTGRES_BACKUP_RECIPE);
  if (fs.existsSync(file)) throw operatorErrors.fileExists(file);
  const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  // Complete or absent: a copy cut short by a full disk must not pass for a backup.
  const partial = `${file}.parcial`;
  fs.writeFileSync(partial, dump, { flag: 'wx' });
  fs.renameSync(partial, file);
  return [`Cópia do banco embutido gravada em ${file} (${megabytes(dump.length)}).`];
}

/**
 * Replaces the embedded database in `dataDir` with the one in `file`, by the command line, while no
 * server holds it. The backup is first unpacked and opened beside it, so a damaged file changes
 * nothing; the database it replaces is kept beside it under another name.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string) {
  if (!fs.existsSync(file)) throw operatorErrors.fileMissing(file);
  const unpacked = `${dataDir}.restaurando`;
  fs.rmSync(unpacked, { recursive: true, force: true });
  try {
    const restored = await openDatabase({
      kind: 'pglite',
      dataDir: unpacked,
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    await restored.close();
  } catch {
    fs.rmSync(unpacked, { recursive: true, force: true });
    throw operatorErrors.notABackup(file);
  }
  const lines: string[] = [];
  if (fs.existsSync(dataDir)) {
    const kept = `${dataDir}.antes-da-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, kept);
    lines.push(
      `O banco que estava em uso foi guardado em ${kept}; apague-o quando não precisar mais dele.`,
    );
  }
  fs.renameSync(unpacked, dataDir);
  return [`Banco embutido restaurado de ${path.basename(file)}.`, ...lines];
}
