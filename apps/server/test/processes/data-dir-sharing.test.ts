import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFilePath, readLock } from '@/db/data-dir-lock';
import { serverRoot } from '@/paths';
import { waitFor } from '../helpers/wait-for';

/**
 * Real processes on one DATA_DIR: the embedded database must never be opened by two at once, and
 * operator commands must work whether or not a server is running.
 */
interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

const repoRoot = path.resolve(serverRoot, '../..');

/** Runs from the repository root, as the README's commands do. */
function start(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${entry}`, ...args], {
    cwd: repoRoot,
    env: { ...testEnv, ...env },
  });
}

/** The documented operator command, through npm like an operator types it. */
function npmRun(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('npm', ['run', '--silent', script], { cwd: repoRoot, env: { ...testEnv, ...env } });
}

const testEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '' };

function finish(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('one DATA_DIR, several processes', () => {
  let dataDir: string;
  let server: ChildProcess;
  let serverExit: Promise<Finished>;
  let port: number;

  // Relative, as in the default './data': every command must resolve it to the same folder.
  const env = () => ({ DATA_DIR: path.relative(repoRoot, dataDir), PORT: '0' });
  const ops = (...args: string[]) => finish(start('cli/ops.ts', args, env()));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-procs-'));
    server = start('main.ts', [], env());
    serverExit = finish(server);
    port = await waitFor(() => readLock(dataDir)?.port, 'the server to listen');
  });
  afterAll(async () => {
    server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second server refuses to open the database and leaves the first one alone', async () => {
    const second = await finish(start('main.ts', [], env()));

    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`já está em uso por outro servidor (pid ${server.pid})`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('an operator command runs through the running server', async () => {
    const result = await finish(npmRun('db:status', env()));

    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Servidor em execução (pid ${server.pid})`);
    expect(result.stdout).toContain('Banco de dados: PGlite (embutido)');
    expect(result.stdout).toMatch(/db:status {2}\[server, running\]/);
  });

  it('a content check through the running server prints every progress line', async () => {
    const result = await finish(
      spawn(
        'npm',
        ['run', '--silent', 'content:import', '--', '--check', 'content/examples/formato-2'],
        { cwd: repoRoot, env: { ...testEnv, ...env() } },
      ),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Servidor em execução (pid ${server.pid})`);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Lendo ${path.join(repoRoot, 'content/examples/formato-2')}...`);
    expect(lines).toContain('Verificando 1 prova e 8 imagens...');
    expect(lines.at(-1)).toBe(
      'Verificação concluída, nenhum problema: 1 prova, 7 questões, 8 imagens. Nada foi gravado (--check).',
    );
  });

  it("a command's refusal comes back from the server and changes nothing", async () => {
    const result = await finish(
      spawn('npm', ['run', '--silent', 'user:grant-premium', '--', 'ninguem@exemplo.com', '30'], {
        cwd: repoRoot,
        env: { ...testEnv, ...env() },
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Nenhuma conta encontrada com o e-mail ninguem@exemplo.com.');
  });

  it('an unknown operator command is refused with the list of commands', async () => {
    const result = await ops('db:nada');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Comando desconhecido: db:nada');
    expect(result.stderr).toContain('db:status');
  });

  it('after a graceful stop the lock is gone and commands open the database themselves', async () => {
    server.kill('SIGTERM');
    const stopped = await serverExit;
    expect(stopped.code).toBe(0);
    expect(fs.existsSync(lockFilePath(dataDir))).toBe(false);

    const result = await ops('db:status');

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Servidor em execução');
    expect(result.stdout).toContain('Comandos de operação registrados: 4');
    expect(result.stdout).toMatch(/db:status {2}\[server, succeeded\]/);
    expect(result.stdout).toMatch(/content:import --check \S+formato-2 {2}\[server, succeeded\]/);
    expect(result.stdout).toMatch(
      /user:grant-premium ninguem@exemplo.com 30 {2}\[server, failed\]/,
    );
    expect(result.stdout).toMatch(/db:status {2}\[direct, running\]/);
  });

  it('a command waits for another command holding the database, then gives up without touching it', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-procs-'));
    // This test process plays a command that holds the lock.
    fs.writeFileSync(
      lockFilePath(otherDir),
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), holder: 'cli', startedAt: 'x' }),
    );

    const result = await finish(
      start('cli/ops.ts', ['db:status'], { DATA_DIR: otherDir, OPS_WAIT_SECONDS: '1' }),
    );

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `está em uso por outro comando de operação (pid ${process.pid}); aguardando...`,
    );
    expect(result.stderr).toContain('Nada foi alterado.');
    expect(fs.existsSync(path.join(otherDir, 'pgdata'))).toBe(false);
    fs.rmSync(otherDir, { recursive: true, force: true });
  });
});
