import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * PGlite does not lock its data directory, and two processes opening it at once corrupt it. Whoever
 * opens the embedded database first holds this lock file; everybody else must go through the holder.
 */
const LOCK_FILE = 'gabarita.lock';
// A takeover marker older than this belongs to a process that died mid-takeover.
const TAKEOVER_STALE_MS = 10_000;

const lockInfoSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  holder: z.enum(['server', 'cli']),
  startedAt: z.string(),
  /** Set by a server once it listens: where and how operator commands reach it. */
  port: z.number().int().optional(),
  operatorToken: z.string().optional(),
});

export type LockInfo = z.infer<typeof lockInfoSchema>;

export type LockAttempt =
  { acquired: true; lock: DataDirLock } | { acquired: false; holder: LockInfo };

export interface DataDirLock {
  readonly info: LockInfo;
  /** Records where the server listens, so operator commands can reach it. */
  announceServer(port: number): void;
  release(): void;
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

export function readLock(dataDir: string): LockInfo | null {
  return readLockFile(lockFilePath(dataDir));
}

function readLockFile(file: string): LockInfo | null {
  try {
    return lockInfoSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    // Lock files are written whole (see writeAtomically), so an unreadable one is garbage.
    return { pid: -1, hostname: os.hostname(), holder: 'cli', startedAt: '' };
  }
}

export function isLockLive(info: LockInfo): boolean {
  if (info.hostname !== os.hostname()) return true; // cannot tell from here; never steal it
  if (info.pid <= 0) return false;
  try {
    process.kill(info.pid, 0);
    return true;
  } catch (error) {
    return isErrno(error, 'EPERM'); // alive, owned by another user
  }
}

export function tryAcquireDataDirLock(dataDir: string, holder: LockInfo['holder']): LockAttempt {
  fs.mkdirSync(dataDir, { recursive: true });
  const info: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    holder,
    startedAt: new Date().toISOString(),
    ...(holder === 'server' ? { operatorToken: randomBytes(32).toString('base64url') } : {}),
  };
  const file = lockFilePath(dataDir);

  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, info)) return { acquired: true, lock: heldLock(file, info) };
    const current = readLock(dataDir);
    if (current && isLockLive(current)) return { acquired: false, holder: current };
    removeStaleLock(file, current);
  }
  const current = readLock(dataDir);
  if (current) return { acquired: false, holder: current };
  throw new Error(`Não foi possível obter o bloqueio de ${dataDir}.`);
}

function heldLock(file: string, info: LockInfo): DataDirLock {
  let released = false;
  const releaseOnExit = () => release();
  function release() {
    if (released) return;
    released = true;
    process.off('exit', releaseOnExit);
    // Only remove the file if it is still ours.
    const current = readLockFile(file);
    if (current?.pid === info.pid && current.startedAt === info.startedAt)
      fs.rmSync(file, { force: true });
  }
  process.on('exit', releaseOnExit);
  return {
    info,
    announceServer(port) {
      Object.assign(info, { port });
      writeAtomically(file, info);
    },
    release,
  };
}

/** Removes a dead owner's lock without racing another process that is doing the same. */
function removeStaleLock(file: string, seen: LockInfo | null) {
  const marker = `${file}.takeover`;
  try {
    fs.writeFileSync(marker, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error;
    const stat = fs.statSync(marker, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > TAKEOVER_STALE_MS) fs.rmSync(marker, { force: true });
    return;
  }
  try {
    const current = readLockFile(file);
    if (current === null || (current.pid === seen?.pid && current.startedAt === seen.startedAt)) {
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

/** Creates the lock file whole, or not at all when it exists (link() fails atomically on EEXIST). */
function createExclusive(file: string, info: LockInfo): boolean {
  const temp = writeTemp(file, info);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function writeAtomically(file: string, info: LockInfo) {
  fs.renameSync(writeTemp(file, info), file);
}

function writeTemp(file: string, info: LockInfo): string {
  const temp = `${file}.${process.pid}.tmp`;
  // The file holds the operator token: readable by its owner only.
  fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  return temp;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
