import type { DatabaseHandle } from '../../db/client';
import { appliedMigrations, countRuns, latestRuns } from './operator.repo';

export interface OperatorCommand {
  usage: string;
  summary: string;
  /** Returns the lines to print for the operator. */
  run(database: DatabaseHandle, args: string[]): Promise<string[]>;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

const dbStatus: OperatorCommand = {
  usage: 'db:status',
  summary: 'Mostra o banco em uso, as migrações aplicadas e os últimos comandos de operação.',
  async run(database) {
    const migrations = await appliedMigrations(database.db);
    const runs = await latestRuns(database.db, 5);
    return [
      `Banco de dados: ${database.kind === 'pglite' ? 'PGlite (embutido)' : 'PostgreSQL'}`,
      `Migrações aplicadas: ${migrations.total}` +
        (migrations.lastAppliedAt
          ? ` (última gerada em ${dateTime.format(migrations.lastAppliedAt)})`
          : ''),
      `Comandos de operação registrados: ${await countRuns(database.db)}`,
      ...runs.map(
        (run) =>
          `  ${dateTime.format(run.startedAt)}  ${run.command} ${run.args.join(' ')}`.trimEnd() +
          `  [${run.channel}, ${run.status}]`,
      ),
    ];
  },
};

export const operatorCommands: Readonly<Record<string, OperatorCommand>> = {
  'db:status': dbStatus,
};
