import { parseArgs } from 'node:util';
import pino from 'pino';
import {
  type AccountProvider,
  PAYMENT_STATUS_LABELS,
  purchaseIdSchema,
  TOKEN_PACKAGE,
  countLabel,
} from '@gabarita/shared';
import type { AppConfig } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import { PURCHASE_STATUSES, type PurchaseRow, type PurchaseStatus } from '@/db/schema';
import { saoPauloDay } from '@/lib/clock';
import { integer, usd } from '@/lib/operator-numbers';
import { draftComments } from '@/modules/comment-drafts';
import { verifyStudyData } from '@/modules/study';
import { createBillingService, createPixProvider, providerCallMs } from '@/modules/billing';
import { createContentImportService } from '@/modules/content-import';
import { createEntitlementsService } from '@/modules/entitlements';
import { usageReport, createTokensService } from '@/modules/tokens';
import { createAccountsService } from '@/modules/users';
import { appliedMigrations } from '@/db/migration-state';
import { backupEmbeddedDatabase, POSTGRES_BACKUP_RECIPE } from './backup';
import { countRuns, latestRuns } from './operator.repo';
import { operatorErrors } from '@/lib/app-errors';

export interface OperatorContext {
  database: DatabaseHandle;
  /** The configuration of whoever runs the command (the server, or the command line). */
  config?: AppConfig;
}

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
    context: OperatorContext,
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

/**
 * `<email> [--provider password|google]` plus the given positional names; `--role` too where the
 * command takes it.
 */
function parseAccountArgs(
  args: string[],
  usage: string,
  positionals: number,
  { role: takesRole = false } = {},
) {
  const parsed = (() => {
    try {
      return parseArgs({
        args,
        allowPositionals: true,
        options: {
          provider: { type: 'string' },
          ...(takesRole ? { role: { type: 'string' as const } } : {}),
        },
      });
    } catch {
      return null;
    }
  })();
  const provider = parsed?.values.provider;
  const role = (parsed?.values as { role?: string } | undefined)?.role;
  if (
    !parsed ||
    parsed.positionals.length !== positionals ||
    (provider !== undefined && provider !== 'password' && provider !== 'google') ||
    (role !== undefined && role !== 'editor' && role !== 'support' && role !== 'admin')
  ) {
    throw operatorErrors.usage(`Uso: ${usage}`);
  }
  return {
    positionals: parsed.positionals,
    provider: provider as AccountProvider | undefined,
    role: role as 'editor' | 'support' | 'admin' | undefined,
  };
}

const ROLE_NAMES = { editor: 'editor', support: 'suporte', admin: 'administrador' } as const;

const adminCreate: OperatorCommand = {
  usage: 'admin:create <email> [--role editor|support|admin] [--provider password|google]',
  summary:
    'Dá à conta com este e-mail (ela precisa existir) o papel de administrador, ou o de editor ' +
    '(catálogo e reportes de erro) com --role editor, ou o de suporte (contas e mensagens) com --role support.',
  async run(database, args) {
    const {
      positionals,
      provider,
      role = 'admin',
    } = parseAccountArgs(args, this.usage, 1, {
      role: true,
    });
    const accounts = createAccountsService(database.db);
    const user = await accounts.findForOperator(positionals[0]!, provider);
    await accounts.giveRole(user, role);
    return [`${user.email} (${providerLabel(user.provider)}) agora é ${ROLE_NAMES[role]}.`];
  },
};

const grantPremiumCommand: OperatorCommand = {
  usage: 'user:grant-premium <email> <dias> [--provider password|google]',
  summary: 'Concede dias de Premium (estende um plano ativo a partir do fim dele).',
  async run(database, args) {
    const { positionals, provider } = parseAccountArgs(args, this.usage, 2);
    const days = Number(positionals[1]);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      throw operatorErrors.usage('O número de dias deve ser um inteiro entre 1 e 3650.');
    }
    const user = await createAccountsService(database.db).findForOperator(
      positionals[0]!,
      provider,
    );
    const plan = await createEntitlementsService(database.db).grantPremium(user.id, days);
    return [
      `${user.email} (${providerLabel(user.provider)}) é Premium até ${formatDay(plan.endsOn!)} ` +
        `(${plan.daysRemaining === 0 ? 'expira hoje' : `mais ${countLabel(plan.daysRemaining ?? 0, 'dia', 'dias')} após hoje`}).`,
    ];
  },
};

const grantTokensCommand: OperatorCommand = {
  usage: 'user:grant-tokens <email> [pacotes] [--provider password|google]',
  summary: `Concede pacotes de tokens '${TOKEN_PACKAGE.name}' (${integer.format(TOKEN_PACKAGE.inputTokens)} de entrada e ${integer.format(TOKEN_PACKAGE.outputTokens)} de saída cada; padrão 1).`,
  async run(database, args) {
    const parsed = parseAccountArgs(
      args,
      this.usage,
      args.length > 1 && !args[1]!.startsWith('--') ? 2 : 1,
    );
    const packages = parsed.positionals[1] === undefined ? 1 : Number(parsed.positionals[1]);
    if (!Number.isInteger(packages) || packages < 1 || packages > 100) {
      throw operatorErrors.usage('O número de pacotes deve ser um inteiro entre 1 e 100.');
    }
    const user = await createAccountsService(database.db).findForOperator(
      parsed.positionals[0]!,
      parsed.provider,
    );
    const tokens = createTokensService(database.db);
    await tokens.grantPackages(user.id, packages);
    const balance = await tokens.packageBalance(user.id);
    return [
      `${user.email} (${providerLabel(user.provider)}) recebeu ${countLabel(packages, 'pacote', 'pacotes')} de tokens. ` +
        `Saldo de pacote: ${integer.format(balance.input)} de entrada e ${integer.format(balance.output)} de saída.`,
    ];
  },
};

const FEATURE_LABELS: Record<string, string> = {
  feedback: 'explicação',
  chat: 'chat',
  didactic: 'conteúdo didático',
  check: 'conferência além do limite',
  comment_drafts: 'rascunhos de comentário (equipe)',
};

const aiUsageCommand: OperatorCommand = {
  usage: 'ai:usage [AAAA-MM]',
  summary: 'Tokens e custo da IA por dia e por recurso no mês (padrão: o mês corrente).',
  async run(database, args) {
    const month = args[0] ?? saoPauloDay().slice(0, 7);
    if (args.length > 1 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      throw operatorErrors.usage(`Uso: ${this.usage}`);
    }
    const rows = await usageReport(database.db, month);
    const [year, monthNumber] = month.split('-');
    const lines = [
      `Uso da IA em ${monthNumber}/${year} (custo em dólares americanos, pelos preços configurados em AI_PRICE_*):`,
    ];
    if (rows.length === 0) return [...lines, 'Nenhuma chamada no mês.'];
    const header = ['dia', 'recurso', 'chamadas', 'usuários', 'entrada', 'saída', 'custo'];
    const table = rows.map((row) => [
      `${row.day.slice(8, 10)}/${row.day.slice(5, 7)}`,
      FEATURE_LABELS[row.feature] ?? row.feature,
      integer.format(row.calls),
      row.users === null ? '—' : integer.format(row.users),
      integer.format(row.inputTokens),
      integer.format(row.outputTokens),
      usd(row.inputCostMicroUsd + row.outputCostMicroUsd),
    ]);
    const totals = new Map<
      string,
      { calls: number; input: number; output: number; cost: number }
    >();
    for (const row of rows) {
      for (const key of [row.feature, 'total']) {
        const sum = totals.get(key) ?? { calls: 0, input: 0, output: 0, cost: 0 };
        sum.calls += row.calls;
        sum.input += row.inputTokens;
        sum.output += row.outputTokens;
        sum.cost += row.inputCostMicroUsd + row.outputCostMicroUsd;
        totals.set(key, sum);
      }
    }
    // The month per feature (the team's own work after the users'), then the month's total last.
    const teamWork = new Set<string>(
      rows.filter((row) => row.users === null).map((row) => row.feature),
    );
    const monthKeys = [...totals.keys()]
      .filter((key) => key !== 'total')
      .sort((a, b) => Number(teamWork.has(a)) - Number(teamWork.has(b)) || a.localeCompare(b));
    for (const key of [...monthKeys, 'total']) {
      const sum = totals.get(key)!;
      table.push([
        'mês',
        key === 'total' ? 'total' : (FEATURE_LABELS[key] ?? key),
        integer.format(sum.calls),
        '',
        integer.format(sum.input),
        integer.format(sum.output),
        usd(sum.cost),
      ]);
    }
    const widths = header.map((title, column) =>
      Math.max(title.length, ...table.map((cells) => cells[column]!.length)),
    );
    const format = (cells: string[]) =>
      cells
        .map((cell, column) =>
          column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join('  ')
        .trimEnd();
    return [...lines, format(header), ...table.map(format)];
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
  usage:
    'content:import <pasta> [--check] [--rename-disciplines] [--accept-drafts] [--overwrite-edits] [--allow-removals]',
  summary:
    'Valida e importa provas, disciplinas e imagens (docs/content-format.md), tudo ou nada. ' +
    '--check só valida; --rename-disciplines permite mudar o nome de uma disciplina existente; ' +
    '--accept-drafts importa os comentários em rascunho já revisados; --overwrite-edits ' +
    'substitui pelo arquivo as questões editadas no console; --allow-removals retira do catálogo ' +
    'as questões que uma prova reimportada não tem mais (o histórico dos alunos as mantém).',
  pathArgs: [0],
  // Run by the command line with its heap capped and at a low priority (cli/ops.ts).
  async run(database, args, progress) {
    const parsed = (() => {
      try {
        return parseArgs({
          args,
          allowPositionals: true,
          options: {
            check: { type: 'boolean' },
            'rename-disciplines': { type: 'boolean' },
            'accept-drafts': { type: 'boolean' },
            'overwrite-edits': { type: 'boolean' },
            'allow-removals': { type: 'boolean' },
          },
        });
      } catch {
        return null;
      }
    })();
    if (!parsed || parsed.positionals.length !== 1) {
      throw operatorErrors.usage(`Uso: ${this.usage}`);
    }
    const result = await createContentImportService(database.db).importContent(
      parsed.positionals[0]!,
      progress,
      {
        check: parsed.values.check,
        renameDisciplines: parsed.values['rename-disciplines'],
        acceptDrafts: parsed.values['accept-drafts'],
        overwriteEdits: parsed.values['overwrite-edits'],
        allowRemovals: parsed.values['allow-removals'],
      },
    );
    return result.lines;
  },
};

const DEFAULT_DRAFT_LIMIT = 50;

const contentDraftComments: OperatorCommand = {
  usage: 'content:draft-comments <pasta-de-saida> (--exam <id>… | --missing) [--limit <n>]',
  summary:
    'Pede ao modelo de linguagem configurado rascunhos de comentário das questões sem comentário ' +
    'e escreve as provas em formato 2, marcados "rascunho", para revisão (docs/content-format.md). ' +
    `--exam escolhe provas (repetível); --missing inclui todas as provas com questões sem comentário; ` +
    `--limit limita as questões enviadas ao modelo (padrão ${DEFAULT_DRAFT_LIMIT}).`,
  pathArgs: [0],
  async run(database, args, progress, context) {
    const parsed = (() => {
      try {
        return parseArgs({
          args,
          allowPositionals: true,
          options: {
            exam: { type: 'string', multiple: true },
            missing: { type: 'boolean' },
            limit: { type: 'string' },
          },
        });
      } catch {
        return null;
      }
    })();
    const limit = Number(parsed?.values.limit ?? DEFAULT_DRAFT_LIMIT);
    // `--exam a b c` names three exams, as `--exam a --exam b --exam c` does.
    const [dir, ...moreExams] = parsed?.positionals ?? [];
    const examIds = [...(parsed?.values.exam ?? []), ...moreExams];
    if (
      !parsed ||
      dir === undefined ||
      (moreExams.length > 0 && !parsed.values.exam) ||
      (examIds.length === 0 && !parsed.values.missing) ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 1000
    ) {
      throw operatorErrors.usage(`Uso: ${this.usage} (o limite é um inteiro entre 1 e 1000)`);
    }
    if (!context.config) throw new Error('content:draft-comments needs the configuration');
    return draftComments(
      database.db,
      context.config.ai,
      {
        dir,
        examIds,
        missing: parsed.values.missing ?? false,
        limit,
      },
      progress,
    );
  },
};

function billingFor(context: OperatorContext) {
  if (!context.config) throw new Error('payment commands need the configuration');
  return createBillingService({
    database: context.database,
    provider: createPixProvider(context.config, context.database.db),
    // The command prints its own lines; only failures go to the error output.
    log: pino({ level: 'error' }, pino.destination(2)),
    reconcileIntervalMs: context.config.pix.reconcileIntervalMs,
    providerCallMs: providerCallMs(context.config),
  });
}

function price(centavos: number) {
  return `R$ ${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
}

function statusLabel(status: PurchaseStatus) {
  return PAYMENT_STATUS_LABELS[status].toLowerCase();
}

function describePurchase(purchase: PurchaseRow) {
  const product =
    purchase.productType === 'plan'
      ? `Plano ${purchase.productName}`
      : `Pacote ${purchase.productName}`;
  const paid = purchase.paidAt
    ? `; pago em ${dateTime.format(purchase.paidAt)}${purchase.paidAt > purchase.expiresAt ? ' (após o prazo)' : ''}`
    : '';
  const charge = purchase.providerPaymentId
    ? `${purchase.provider} ${purchase.providerPaymentId}${purchase.providerStatus ? ` [${purchase.providerStatus}]` : ''}`
    : `${purchase.provider}, sem cobrança`;
  return `${product}, ${price(purchase.priceCentavos)}, ${statusLabel(purchase.status)}${paid}; ${charge}`;
}

const paymentsList: OperatorCommand = {
  usage: 'payments:list [--status <situação>] [--limit <n>]',
  summary: `Lista as compras mais recentes (situações: ${PURCHASE_STATUSES.join(', ')}).`,
  async run(_database, args, _progress, context) {
    const parsed = (() => {
      try {
        return parseArgs({
          args,
          options: { status: { type: 'string' }, limit: { type: 'string' } },
        }).values;
      } catch {
        return null;
      }
    })();
    const status = parsed?.status;
    const limit = Number(parsed?.limit ?? 50);
    if (
      !parsed ||
      (status !== undefined && !(PURCHASE_STATUSES as readonly string[]).includes(status)) ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 1000
    ) {
      throw operatorErrors.usage(`Uso: ${this.usage}`);
    }
    const rows = await billingFor(context).list(status as PurchaseStatus | undefined, limit);
    if (rows.length === 0) return ['Nenhuma compra encontrada.'];
    return [
      `${countLabel(rows.length, 'compra', 'compras')}, das mais recentes:`,
      ...rows.map(
        ({ purchase, email }) =>
          `  ${dateTime.format(purchase.createdAt)}  ${purchase.id}  ${email}  ${describePurchase(purchase)}`,
      ),
    ];
  },
};

const paymentsReconcile: OperatorCommand = {
  usage: 'payments:reconcile <id-da-compra>',
  summary:
    'Consulta a cobrança no provedor agora e aplica o que ele disser (concede ou estorna uma só vez).',
  async run(_database, args, _progress, context) {
    if (args.length !== 1 || !purchaseIdSchema.safeParse(args[0]).success) {
      throw operatorErrors.usage(`Uso: ${this.usage}`);
    }
    const { before, after, payment } = await billingFor(context).reconcilePurchase(args[0]!);
    if (!payment) {
      return [`A compra ${before.id} não tem cobrança no provedor: ${describePurchase(before)}.`];
    }
    return [
      `Compra ${before.id}`,
      `  antes:       ${describePurchase(before)}`,
      `  no provedor: ${payment.status}, ${price(payment.amountCentavos)}`,
      `  agora:       ${describePurchase(after)}`,
      after.version === before.version ? 'Nada mudou.' : 'Compra atualizada.',
    ];
  },
};

const studyVerify: OperatorCommand = {
  usage: 'study:verify',
  summary:
    'Recalcula a partir do histórico o que fica guardado ao lado dele (vereditos pelo gabarito ' +
    'atual, contadores da turma, caderno de erros, resultados de simulados) e aponta cada diferença.',
  async run(database, args) {
    if (args.length > 0) throw operatorErrors.usage(`Uso: ${this.usage}`);
    const checks = await verifyStudyData(database.db);
    const lines = checks.flatMap((check) => [
      `${check.label}: ${integer.format(check.differences)}`,
      ...check.examples.map((example) => `  ${example}`),
    ]);
    const total = checks.reduce((sum, check) => sum + check.differences, 0);
    if (total > 0) {
      throw operatorErrors.inconsistent(
        [...lines, `${countLabel(total, 'diferença encontrada', 'diferenças encontradas')}.`].join(
          '\n',
        ),
      );
    }
    return [...lines, 'Nenhuma diferença: tudo o que é guardado confere com o histórico.'];
  },
};

const dbBackup: OperatorCommand = {
  usage: 'db:backup <arquivo>',
  summary:
    'Grava uma cópia do banco embutido (PGlite) em um arquivo novo, consistente mesmo com o ' +
    'servidor em uso. Com PostgreSQL, mostra como usar pg_dump.',
  pathArgs: [0],
  async run(database, args) {
    if (args.length !== 1) throw operatorErrors.usage(`Uso: ${this.usage}`);
    return backupEmbeddedDatabase(database, args[0]!);
  },
};

/** Run by the command line itself while it holds the data folder (cli/ops.ts); here, refused. */
const dbRestore: OperatorCommand = {
  usage: 'db:restore <arquivo>',
  summary:
    'Substitui o banco embutido pela cópia (db:backup), com o servidor parado; o banco ' +
    'substituído fica guardado ao lado. Com PostgreSQL, mostra como usar pg_restore.',
  pathArgs: [0],
  async run(database) {
    throw database.kind === 'postgres'
      ? operatorErrors.usage(POSTGRES_BACKUP_RECIPE)
      : operatorErrors.serverRunning();
  },
};

export const operatorCommands: Readonly<Record<string, OperatorCommand>> = {
  'content:import': contentImport,
  'content:draft-comments': contentDraftComments,
  'db:status': dbStatus,
  'db:backup': dbBackup,
  'db:restore': dbRestore,
  'admin:create': adminCreate,
  'user:grant-premium': grantPremiumCommand,
  'payments:list': paymentsList,
  'payments:reconcile': paymentsReconcile,
  'user:grant-tokens': grantTokensCommand,
  'ai:usage': aiUsageCommand,
  'study:verify': studyVerify,
};
