import fs from 'node:fs';
import os from 'node:os';

/**
 * Who a process is, well enough to tell later whether it still runs: a pid alone is not, since
 * pids are reused (a restarted container's node is often pid 1 again) and a reboot starts over.
 */
export interface ProcessIdentity {
  hostname: string;
  pid: number;
  /** Linux: when the process started, in clock ticks since boot. */
  processStart?: string;
  /** Linux: the boot the process belongs to. */
  bootId?: string;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
export function processStart(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

export function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function thisProcess(): ProcessIdentity {
  return {
    hostname: os.hostname(),
    pid: process.pid,
    processStart: processStart(process.pid),
    bootId: bootId(),
  };
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Whether a process of this machine still runs. A zombie (it exited, its parent has not reaped it
 * yet) does not: it holds nothing and will never run again.
 */
export function isRunningHere(identity: Omit<ProcessIdentity, 'hostname'>): boolean {
  if (identity.pid <= 0) return false;
  if (identity.bootId && identity.bootId !== bootId()) return false;
  try {
    process.kill(identity.pid, 0);
  } catch (error) {
    if (!isErrno(error, 'EPERM')) return false; // alive only when owned by another user
  }
  const fields = statFields(identity.pid);
  if (fields?.[0] === 'Z' || fields?.[0] === 'X') return false;
  const start = fields?.[19];
  return !identity.processStart || !start || start === identity.processStart;
}

/** Whether the process is known to have ended: only a process of this machine can be checked. */
export function hasEnded(identity: ProcessIdentity): boolean {
  return identity.hostname === os.hostname() && !isRunningHere(identity);
}
