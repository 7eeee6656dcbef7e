import { parseArgs } from 'node:util';
import type { AccountProvider } from '@gabarita/shared';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createContentImportService } from '../catalog/import/content-import.service';
import { createEntitlementsService } from '../entitlements/entitlements.service';
import { createAccountsService } from '../users/accounts.service';
import { appliedMigrations, countRuns, latestRuns } from './operator.repo';

export interface OperatorCommand {
  usage: string;
  summary: string;
  /** Positions of arguments that are paths: the CLI makes them absolute before sending them. */
  pathArgs?: number[];
  /** Returns the lines to print for the operator; `progress` reports along the way. */
  run(
    database: DatabaseHandle,
    args: string[],
    progress: (line: string) => void,
  ): Promise<string[]>;
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

/** `<email> [--provider password|google]` plus the given positional names. */
function parseAccountArgs(args: string[], usage: string, positionals: number) {
  const parsed = (() => {
    try {
      return parseArgs({
        args,
        allowPositionals: true,
        options: { provider: { type: 'string' } },
      });
    } catch {
      return null;
    }
  })();
  const provider = parsed?.values.provider;
  if (
    !parsed ||
    parsed.positionals.length !== positionals ||
    (provider !== undefined && provider !== 'password' && provider !== 'google')
  ) {
    throw new AppError('operator/usage', 400, `Uso: ${usage}`);
  }
  return { positionals: parsed.positionals, provider: provider as AccountProvider | undefined };
}

const adminCreate: OperatorCommand = {
  usage: 'admin:create <email> [--provider password|google]',
  summary: 'Dá o papel de administrador à conta com este e-mail (ela precisa existir).',
  async run(database, args) {
    const { positionals, provider } = parseAccountArgs(args, this.usage, 1);
    const accounts = createAccountsService(database.db);
    const user = await accounts.findForOperator(positionals[0]!, provider);
    await accounts.promoteToAdmin(user);
    return [`${user.email} (${providerLabel(user.provider)}) agora é administrador.`];
  },
};

const grantPremiumCommand: OperatorCommand = {
  usage: 'user:grant-premium <email> <dias> [--provider password|google]',
  summary: 'Concede dias de Premium (estende um plano ativo a partir do fim dele).',
  async run(database, args) {
    const { positionals, provider } = parseAccountArgs(args, this.usage, 2);
    const days = Number(positionals[1]);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      throw new AppError(
        'operator/usage',
        400,
        'O número de dias deve ser um inteiro entre 1 e 3650.',
      );
    }
    const user = await createAccountsService(database.db).findForOperator(
      positionals[0]!,
      provider,
    );
    const plan = await createEntitlementsService(database.db).grantPremium(user.id, days);
    return [
      `${user.email} (${providerLabel(user.provider)}) é Premium até ${formatDay(plan.endsOn!)} ` +
        `(${plan.daysRemaining === 0 ? 'expira hoje' : `mais ${plan.daysRemaining} dia(s) após hoje`}).`,
    ];
  },
};

function providerLabel(provider: AccountProvider) {
  return provider === 'google' ? 'conta Google' : 'conta com senha';
}

function formatDay(day: string) {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const contentImport: OperatorCommand = {
  usage: 'content:import <pasta> [--check] [--rename-disciplines]',
  summary:
    'Valida e importa provas, disciplinas e imagens (docs/content-format.md), tudo ou nada. ' +
    '--check só valida; --rename-disciplines permite mudar o nome de uma disciplina existente.',
  pathArgs: [0],
  async run(database, args, progress) {
    const parsed = (() => {
      try {
        return parseArgs({
          args,
          allowPositionals: true,
          options: {
            check: { type: 'boolean' },
            'rename-disciplines': { type: 'boolean' },
          },
        });
      } catch {
        return null;
      }
    })();
    if (!parsed || parsed.positionals.length !== 1) {
      throw new AppError('operator/usage', 400, `Uso: ${this.usage}`);
    }
    const result = await createContentImportService(database.db).importContent(
      parsed.positionals[0]!,
      progress,
      { check: parsed.values.check, renameDisciplines: parsed.values['rename-disciplines'] },
    );
    return result.lines;
  },
};

export const operatorCommands: Readonly<Record<string, OperatorCommand>> = {
  'content:import': contentImport,
  'db:status': dbStatus,
  'admin:create': adminCreate,
  'user:grant-premium': grantPremiumCommand,
};
