/**
 * One image-checking thread, started by image-workers.ts: checks each image it is sent exactly as
 * the import would in its own thread (`checkImages`), so that decoding, re-encoding, hashing and
 * sanitizing never hold up the requests waiting on the server's event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type ImageTask, ownArrayBuffer, runImageTask } from './image-workers';

/** How much lower than the requests' threads image work runs (nice, 0 to 19). */
const BACKGROUND_NICE = 10;
let selfLowered = false;
const lowered = new Set<string>();
/** libvips starts its threads with the first images: looked for again only now and then. */
const RESCAN_EVERY = 50;
let tasks = 0;

/**
 * An import's image work gives way to the requests of the server's thread for the cores: this
 * thread (hashing, sanitizing) and libvips's threads (decoding, re-encoding: busy with images only)
 * run at a lower priority. Linux keeps a priority per thread (`setpriority` with a thread's id).
 */
function lowerPriority() {
  if (!selfLowered) {
    selfLowered = true;
    try {
      os.setPriority(0, BACKGROUND_NICE);
    } catch {
      // Not allowed here: the same work at the same priority.
    }
  }
  if (process.platform !== 'linux') return;
  tasks += 1;
  if (tasks > 4 && tasks % RESCAN_EVERY !== 0) return;
  try {
    for (const thread of fs.readdirSync('/proc/self/task')) {
      if (lowered.has(thread)) continue;
      if (!fs.readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').startsWith('libvips'))
        continue;
      os.setPriority(Number(thread), BACKGROUND_NICE);
      lowered.add(thread);
    }
  } catch {
    // A thread that ended meanwhile, or not allowed: the rest as they are.
  }
}

/**
 * Images prepared for writing (decoded, classified, re-encoded) go one at a time: sharp runs each
 * on a thread of libuv's pool, which the server shares with its own work (compressing answers,
 * files, hashing). Eight at once from this thread held all four, and the readers' answers waited
 * behind them (docs/performance.md, "2026-12-08: the check's SVGs and the command's start"). A check
 * reads only headers, briefly: those still go together.
 */
let preparing: Promise<unknown> = Promise.resolve();

parentPort!.on('message', async (task: ImageTask) => {
  lowerPriority();
  let result: Awaited<ReturnType<typeof runImageTask>>;
  if (task.prepare) {
    const turn = preparing.then(() => runImageTask(task));
    preparing = turn;
    result = await turn;
  } else {
    result = await runImageTask(task);
  }
  // The bytes sent back that are the file's own (an image kept as it came) move, not copied.
  const moved = new Set<ArrayBuffer>();
  for (const bytes of [result.image?.content, result.image?.zoomContent]) {
    const own = bytes ? ownArrayBuffer(bytes) : undefined;
    if (own) moved.add(own);
  }
  try {
    parentPort!.postMessage(result, [...moved]);
  } catch {
    // A buffer that cannot move (held by native code): copied instead.
    parentPort!.postMessage(result);
  }
  // libvips starts its threads as it needs them.
  lowerPriority();
});

// Loaded: from here on, a failure is the file's (image-workers.ts).
parentPort!.postMessage({ ready: true });
