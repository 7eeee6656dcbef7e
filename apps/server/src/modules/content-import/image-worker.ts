/**
 * One image-checking thread, started by image-workers.ts: checks each image it is sent exactly as
 * the import would in its own thread (`checkImages`), so that decoding, re-encoding, hashing and
 * sanitizing never hold up the requests waiting on the server's event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type ImageTask, type ImageTaskResult, checkFailed } from './image-workers';
import { checkImages } from './images';
import { ProblemList } from './problems';

/** How much lower than the requests' threads image work runs (nice, 0 to 19). */
const BACKGROUND_NICE = 10;
let selfLowered = false;
const lowered = new Set<string>();

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

parentPort!.on('message', async ({ id, file, prepare }: ImageTask) => {
  lowerPriority();
  // Structured cloning turns Buffers into plain Uint8Arrays: make them Buffers again (no copy).
  const content = Buffer.from(
    file.content.buffer,
    file.content.byteOffset,
    file.content.byteLength,
  );
  const problems = new ProblemList();
  let result: ImageTaskResult;
  try {
    const [image = null] = await checkImages([{ ...file, content }], problems, { prepare });
    result = { id, image, problems: problems.items };
  } catch (error) {
    // What would have failed the whole import in its own thread is this file's problem here.
    problems.report(file.file, '$', checkFailed(error));
    result = { id, image: null, problems: problems.items };
  }
  parentPort!.postMessage(result);
  // libvips starts its threads as it needs them.
  lowerPriority();
});

// Loaded: from here on, a failure is the file's (image-workers.ts).
parentPort!.postMessage({ ready: true });
