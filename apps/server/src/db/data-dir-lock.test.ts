import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockFilePath, readLock, tryAcquireDataDirLock } from './data-dir-lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function writeLock(dataDir: string, contents: object | string) {
  fs.writeFileSync(
    lockFilePath(dataDir),
    typeof contents === 'string' ? contents : JSON.stringify(contents),
  );
}

describe('DATA_DIR lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-lock-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is exclusive while held and free again once released', () => {
    const first = tryAcquireDataDirLock(dataDir, 'server');
    expect(first.acquired).toBe(true);
    if (!first.acquired) return;

    const second = tryAcquireDataDirLock(dataDir, 'cli');
    expect(second).toMatchObject({
      acquired: false,
      holder: { pid: process.pid, holder: 'server' },
    });

    first.lock.release();
    expect(fs.existsSync(lockFilePath(dataDir))).toBe(false);
    const third = tryAcquireDataDirLock(dataDir, 'cli');
    expect(third.acquired).toBe(true);
    if (third.acquired) third.lock.release();
  });

  it('gives a server an operator token and publishes its port, readable by its owner only', () => {
    const attempt = tryAcquireDataDirLock(dataDir, 'server');
    if (!attempt.acquired) throw new Error('lock not acquired');
    attempt.lock.announceServer(4321);

    const published = readLock(dataDir);
    expect(published?.port).toBe(4321);
    expect(published?.operatorToken).toMatch(/^[\w-]{43}$/);
    expect(fs.statSync(lockFilePath(dataDir)).mode & 0o077).toBe(0);
    attempt.lock.release();
  });

  it('takes over the lock of a process that no longer runs', () => {
    writeLock(dataDir, {
      pid: deadPid(),
      hostname: os.hostname(),
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
    });

    const attempt = tryAcquireDataDirLock(dataDir, 'cli');

    expect(attempt.acquired).toBe(true);
    expect(readLock(dataDir)?.pid).toBe(process.pid);
    if (attempt.acquired) attempt.lock.release();
  });

  it('takes over the lock of a process that exited but was not reaped yet (a zombie)', async () => {
    // The shell becomes `sleep 10` long before its child `sleep 1` exits: the child's parent is then
    // a process that never reaps it. (With `sleep 0` the shell could still reap it before its exec.)
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 10'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = Number(
        await new Promise<string>((resolve) =>
          parent.stdout!.once('data', (d) => resolve(String(d))),
        ),
      );
      const state = () => fs.readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]![0];
      for (let i = 0; i < 250 && state() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(state()).toBe('Z');
      writeLock(dataDir, {
        pid: zombie,
        hostname: os.hostname(),
        holder: 'server',
        startedAt: '2026-01-01T00:00:00.000Z',
      });

      const attempt = tryAcquireDataDirLock(dataDir, 'server');

      expect(attempt.acquired).toBe(true);
      if (attempt.acquired) attempt.lock.release();
    } finally {
      parent.kill();
    }
  });

  it('takes over an unreadable lock file', () => {
    writeLock(dataDir, '{"pid": 12');
    const attempt = tryAcquireDataDirLock(dataDir, 'cli');
    expect(attempt.acquired).toBe(true);
    if (attempt.acquired) attempt.lock.release();
  });

  it('respects a lock from another machine while its holder keeps beating', () => {
    writeLock(dataDir, {
      pid: deadPid(),
      hostname: 'outra-maquina',
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
      heartbeatAt: new Date(Date.now() - 5_000).toISOString(),
    });
    expect(tryAcquireDataDirLock(dataDir, 'cli').acquired).toBe(false);
  });

  it('takes over a lock from another machine whose heartbeat stopped', () => {
    writeLock(dataDir, {
      pid: deadPid(),
      hostname: 'container-antigo',
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
      heartbeatAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const attempt = tryAcquireDataDirLock(dataDir, 'server');
    expect(attempt.acquired).toBe(true);
    if (attempt.acquired) attempt.lock.release();
  });

  it('never steals a lock from another machine that has no heartbeat to judge by', () => {
    writeLock(dataDir, {
      pid: deadPid(),
      hostname: 'outra-maquina',
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(tryAcquireDataDirLock(dataDir, 'cli').acquired).toBe(false);
  });

  it("takes over a lock naming this process's own pid that this process never took", () => {
    // A container restarted after kill -9: node is pid 1 again and finds its old lock.
    writeLock(dataDir, {
      pid: process.pid,
      hostname: os.hostname(),
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    const attempt = tryAcquireDataDirLock(dataDir, 'server');
    expect(attempt.acquired).toBe(true);
    if (attempt.acquired) attempt.lock.release();
  });

  describe.runIf(fs.existsSync('/proc/self/stat'))('with process start times (Linux)', () => {
    let sleeper: ChildProcess;
    beforeEach(() => {
      sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    });
    afterEach(() => {
      sleeper.kill();
    });
    const startOf = (pid: number) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
    };
    const lockOf = (overrides: object) => ({
      pid: sleeper.pid,
      hostname: os.hostname(),
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    });

    it('records its own start and boot in the lock', () => {
      const attempt = tryAcquireDataDirLock(dataDir, 'cli');
      expect(readLock(dataDir)).toMatchObject({
        processStart: startOf(process.pid),
        bootId: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
        heartbeatAt: expect.any(String),
      });
      if (attempt.acquired) attempt.lock.release();
    });

    it('respects a running holder, and takes over a pid now used by another process', () => {
      writeLock(dataDir, lockOf({ processStart: startOf(sleeper.pid!) }));
      expect(tryAcquireDataDirLock(dataDir, 'cli').acquired).toBe(false);

      writeLock(dataDir, lockOf({ processStart: '1' }));
      const attempt = tryAcquireDataDirLock(dataDir, 'cli');
      expect(attempt.acquired).toBe(true);
      if (attempt.acquired) attempt.lock.release();
    });

    it('takes over a lock written before the machine rebooted', () => {
      writeLock(dataDir, lockOf({ processStart: startOf(sleeper.pid!), bootId: 'boot-anterior' }));
      const attempt = tryAcquireDataDirLock(dataDir, 'cli');
      expect(attempt.acquired).toBe(true);
      if (attempt.acquired) attempt.lock.release();
    });
  });

  it('does not remove a lock that another process holds when releasing', () => {
    const attempt = tryAcquireDataDirLock(dataDir, 'cli');
    if (!attempt.acquired) throw new Error('lock not acquired');
    const stranger = { pid: 1, hostname: os.hostname(), holder: 'server', startedAt: 'x' };
    writeLock(dataDir, stranger);

    attempt.lock.release();

    expect(readLock(dataDir)).toMatchObject({ pid: 1 });
  });
});
