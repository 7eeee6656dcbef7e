import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasEnded, type ProcessIdentity, thisProcess } from '@/lib/process-identity';

/**
 * The temporary folders uploaded catalogues are unpacked in. Each is named after the process that
 * made it (`gabarita-envio-<pid>-<start>-<host>-XXXXXX`), so the folders of a server that was
 * killed in the middle of an import can be told apart from those of servers still importing, and
 * removed: when a server starts, and after each upload.
 */
const PREFIX = 'gabarita-envio-';
const OWNED = /^gabarita-envio-(\d+)-(\d*)-(.+)-[A-Za-z0-9]{6}$/;
/** Folders of older versions name no owner: abandoned once this old. */
const UNOWNED_STALE_MS = 24 * 60 * 60 * 1000;

let me: ProcessIdentity | undefined;

export function makeUploadFolder(owner: ProcessIdentity = (me ??= thisProcess())) {
  const name = `${PREFIX}${owner.pid}-${owner.processStart ?? ''}-${owner.hostname}-`;
  return fs.promises.mkdtemp(path.join(os.tmpdir(), name));
}

async function isAbandoned(folder: string, name: string): Promise<boolean> {
  const owned = OWNED.exec(name);
  if (owned) {
    return hasEnded({
      pid: Number(owned[1]),
      processStart: owned[2] || undefined,
      hostname: owned[3]!,
    });
  }
  const stat = await fs.promises.stat(folder);
  return stat.isDirectory() && Date.now() - stat.mtimeMs > UNOWNED_STALE_MS;
}

/** Removes the upload folders whose process has ended; returns how many. */
export async function removeAbandonedUploadFolders(): Promise<number> {
  const dir = os.tmpdir();
  const names = (await fs.promises.readdir(dir)).filter((name) => name.startsWith(PREFIX));
  let removed = 0;
  for (const name of names) {
    const folder = path.join(dir, name);
    try {
      if (!(await isAbandoned(folder, name))) continue;
      await fs.promises.rm(folder, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone meanwhile, or another account's: not ours to remove.
    }
  }
  return removed;
}
