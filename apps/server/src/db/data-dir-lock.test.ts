import { spawnSync } from 'node:child_process';
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

  it('takes over an unreadable lock file', () => {
    writeLock(dataDir, '{"pid": 12');
    const attempt = tryAcquireDataDirLock(dataDir, 'cli');
    expect(attempt.acquired).toBe(true);
    if (attempt.acquired) attempt.lock.release();
  });

  it('never steals a lock held from another machine', () => {
    writeLock(dataDir, {
      pid: deadPid(),
      hostname: 'outra-maquina',
      holder: 'server',
      startedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(tryAcquireDataDirLock(dataDir, 'cli').acquired).toBe(false);
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
