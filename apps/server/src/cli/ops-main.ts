import fs from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { databaseTarget } from '../db/database-target';
import { isLockLive, type LockInfo, tryAcquireDataDirLock } from '../db/data-dir-lock';
import { AppError } from '../lib/errors';
import { bundleImageWorker, imageThreadPerCore } from '@/modules/content-import';
import {
  restoreEmbeddedDatabase,
  operatorCommands,
  createOperatorService,
} from '@/modules/operator';

/**
 * Operator commands, loaded by ops.ts: `npm run ops -- <command> [args]` (or `node
 * apps/server/dist/ops.js ...`).
 * On PostgreSQL they open the database directly. On the embedded database they never open the data
 * directory while someone else holds it: they ask the running server to do the work, or wait.
 */
const WAIT_POLL_MS = 500;
const WAIT_LIMIT_MS = Number(process.env.OPS_WAIT_SECONDS ?? 60) * 1000;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || !Object.hasOwn(operatorCommands, command)) {
    printUsage(command);
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  // The server may run from another folder: paths travel absolute. Positions count arguments
  // that are not --flags.
  const positions = args.flatMap((arg, index) => (arg.startsWith('--') ? [] : [index]));
  for (const index of operatorCommands[command]!.pathArgs ?? []) {
    const at = positions[index];
    if (at !== undefined) args[at] = path.resolve(args[at]!);
  }
  const config = loadConfig();
  const target = databaseTarget(config);

  if (target.kind === 'postgres') return runDirect(target, command, args, config);

  const deadline = Date.now() + WAIT_LIMIT_MS;
  let announcedWait = false;
  for (;;) {
    const attempt = tryAcquireDataDirLock(config.dataDir, 'cli');
    if (attempt.acquired) {
      try {
        // The database is replaced while closed, so no command may open it first.
        return command === 'db:restore'
          ? await restoreDirect(target.dataDir!, args)
          : await runDirect(target, command, args, config);
      } finally {
        attempt.lock.release();
      }
    }
    const holder = attempt.holder;
    if (isLockLive(holder) && holder.holder === 'server' && holder.port && holder.operatorToken) {
      return runThroughServer(holder, command, args);
    }
    if (Date.now() > deadline) {
      console.error(
        `Desisti após ${WAIT_LIMIT_MS / 1000} s: o banco em ${config.dataDir} continua em uso (pid ${holder.pid}). ` +
          'Nada foi alterado.',
      );
      return 1;
    }
    if (!announcedWait) {
      console.error(
        `O banco em ${config.dataDir} está em uso por ${describe(holder)} (pid ${holder.pid}); aguardando...`,
      );
      announcedWait = true;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

async function runDirect(
  target: ReturnType<typeof databaseTarget>,
  command: string,
  args: string[],
  config: AppConfig,
): Promise<number> {
  // Bundled while the database opens (run from the sources only).
  const workerBundled = bundleImageWorker();
  const database = await openDatabase(target);
  // Nothing else runs in this process: image checks may take every core.
  imageThreadPerCore();
  try {
    await database.migrate();
    await workerBundled;
    print(
      await createOperatorService(database, config).run(command, args, 'direct', (line) =>
        console.log(line),
      ),
    );
    return 0;
  } catch (error) {
    return reportFailure(error);
  } finally {
    await database.close();
  }
}

async function restoreDirect(dataDir: string, args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error(`Uso: ${operatorCommands['db:restore']!.usage}`);
    return 2;
  }
  try {
    print(await restoreEmbeddedDatabase(dataDir, args[0]!));
    return 0;
  } catch (error) {
    return reportFailure(error);
  }
}

/**
 * Sends the command to the running server and prints its progress lines as they arrive (a stream
 * of Server-Sent Events), then its output or its refusal.
 */
async function runThroughServer(
  server: LockInfo,
  command: string,
  args: string[],
): Promise<number> {
  console.error(`Servidor em execução (pid ${server.pid}): o comando será executado por ele.`);
  const response = await fetch(
    `http://127.0.0.1:${server.port}/api/internal/operator/${encodeURIComponent(command)}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.operatorToken}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ args }),
    },
  ).catch(() => null);
  if (!response) {
    console.error(
      `Não foi possível falar com o servidor na porta ${server.port}. Nada foi alterado.`,
    );
    return 1;
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message: string };
    } | null;
    console.error(body?.error?.message ?? `O servidor respondeu ${response.status}.`);
    return 1;
  }
  let exitCode: number | null = null;
  try {
    for await (const { event, data } of readEvents(response.body)) {
      if (event === 'progress') console.log((data as { line: string }).line);
      else if (event === 'output') {
        print((data as { output: string[] }).output);
        exitCode = 0;
      } else if (event === 'error') {
        console.error((data as { message: string }).message);
        exitCode = 1;
      }
    }
  } catch {
    // The connection dropped: said below.
  }
  if (exitCode === null) {
    console.error('A conexão com o servidor caiu antes do fim do comando; veja npm run db:status.');
    return 1;
  }
  return exitCode;
}

/** Parses a text/event-stream body into its events. */
async function* readEvents(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      yield { event, data: data ? (JSON.parse(data) as unknown) : null };
    }
  }
}

function reportFailure(error: unknown): number {
  console.error(error instanceof AppError ? error.message : error);
  return 1;
}

function describe(holder: LockInfo): string {
  return holder.holder === 'server'
    ? 'um servidor que ainda está iniciando'
    : 'outro comando de operação';
}

function print(lines: string[]) {
  for (const line of lines) console.log(line);
}

function printUsage(command: string | undefined) {
  if (command) console.error(`Comando desconhecido: ${command}\n`);
  console.error('Uso: npm run ops -- <comando> [argumentos]\n\nComandos:');
  for (const definition of Object.values(operatorCommands)) {
    console.error(`  ${definition.usage.padEnd(30)} ${definition.summary}`);
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  return 1;
});
