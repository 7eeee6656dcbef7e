import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isRunningHere, thisProcess } from '../lib/process-identity';

/**
 * PGlite does not lock its data directory, and two processes opening it at once corrupt it. Whoever
 * opens the embedded database first holds this lock file; everybody else must go through the holder.
 */
const LOCK_FILE = 'gabarita.lock';
// A takeover marker older than this belongs to a process that died mid-takeover.
const TAKEOVER_STALE_MS = 10_000;
/**
 * The holder rewrites its lock this often. A lock written on another machine (a data folder on a
 * shared volume) cannot be checked by pid, so one whose heartbeat is older than FOREIGN_STALE_MS
 * is taken to belong to a process that died: four missed beats, long enough for a paused
 * container or a slow disk, short enough that a restarted server waits a minute at most.
 */
const HEARTBEAT_MS = 15_000;
const FOREIGN_STALE_MS = 60_000;

const lockInfoSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  holder: z.enum(['server', 'cli']),
  startedAt: z.string(),
  /** Linux: the holder's start time in clock ticks since boot, and the boot's id, so a pid reused by
   * another process, or a lock from before a reboot, is recognised as stale. */
  processStart: z.string().optional(),
  bootId: z.string().optional(),
  /** Last time the holder rewrote the lock (see HEARTBEAT_MS). */
  heartbeatAt: z.string().optional(),
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

/** Lock files this process holds right now (by path), with the startedAt of each. */
const heldByThisProcess = new Map<string, string>();

/**
 * Whether the process named in a lock still runs. Our own pid counts only if this very process
 * took the lock: a container restarted after a crash often gets the same pid (node as pid 1) and
 * finds its previous life's lock.
 */
export function isLockLive(info: LockInfo, file?: string): boolean {
  if (info.hostname !== os.hostname()) {
    if (!info.heartbeatAt) return true; // an older holder without a heartbeat: never steal it
    return Date.now() - Date.parse(info.heartbeatAt) < FOREIGN_STALE_MS;
  }
  if (info.pid === process.pid) {
    return file !== undefined && heldByThisProcess.get(file) === info.startedAt;
  }
  return isRunningHere(info);
}

export function tryAcquireDataDirLock(dataDir: string, holder: LockInfo['holder']): LockAttempt {
  fs.mkdirSync(dataDir, { recursive: true });
  const info: LockInfo = {
    ...thisProcess(),
    holder,
    startedAt: new Date().toISOString(),
    heartbeatAt: new Date().toISOString(),
    ...(holder === 'server' ? { operatorToken: randomBytes(32).toString('base64url') } : {}),
  };
  const file = lockFilePath(dataDir);

  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, info)) return { acquired: true, lock: heldLock(file, info) };
    const current = readLock(dataDir);
    if (current && isLockLive(current, file)) return { acquired: false, holder: current };
    removeStaleLock(file, current);
  }
  const current = readLock(dataDir);
  if (current) return { acquired: false, holder: current };
  throw new Error(`Não foi possível obter o bloqueio de ${dataDir}.`);
}

function heldLock(file: string, info: LockInfo): DataDirLock {
  let released = false;
  const releaseOnExit = () => release();
  heldByThisProcess.set(file, info.startedAt);
  const heartbeat = setInterval(() => {
    // Only while the file is still ours (an operator may have removed a stuck lock by hand).
    if (readLockFile(file)?.startedAt !== info.startedAt) return;
    info.heartbeatAt = new Date().toISOString();
    writeAtomically(file, info);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  function release() {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldByThisProcess.delete(file);
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
