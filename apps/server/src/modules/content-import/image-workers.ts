/**
 * Image checks in worker threads. Decoding, re-encoding, hashing and SVG sanitizing are CPU work
 * that, in the server's thread, would delay every request waiting on the event loop while an import
 * runs (on PGlite the import runs in the server's process). Each image is checked by `checkImages`
 * in one of a few threads; the results and problems are the same as in this thread, reported in the
 * files' order; the threads run at a lower priority than the requests (image-worker.ts). A thread
 * that dies or hangs on a file makes that file's problem line, not a failed import, and another
 * thread takes the rest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import type { ImageEntry, ImageFile } from './content-files';
import { checkImages, type PreparedImage } from './images';
import { type Problem, ProblemList } from './problems';

/**
 * An image the thread reads from disk itself: a folder's images never pass through the thread that
 * serves requests, and the thread that checks one does not wait for it to be read and sent.
 */
export interface ImageOnDisk extends ImageEntry {
  path: string;
}

export interface ImageTask {
  id: number;
  file: ImageFile | ImageOnDisk;
  prepare: boolean;
}

/**
 * The ArrayBuffer a Buffer owns alone (as `fs.readFile` gives), which can be moved to another
 * thread instead of copied; undefined for a view into a larger or shared one.
 */
export function ownArrayBuffer(bytes: Uint8Array): ArrayBuffer | undefined {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
    ? buffer
    : undefined;
}

export interface ImageTaskResult {
  id: number;
  image: PreparedImage | null;
  problems: Problem[];
  /** An image read from disk: its size and time when read (a later writing compares them). */
  read?: { size: number; modifiedMs: number };
}

/** What tells a file's kind (image-type.ts looks this far for an SVG's root element). */
const HEAD_BYTES = 65_536;

/** `checkImages` of one task, in whichever thread runs it; never throws. */
export async function runImageTask({ id, file, prepare }: ImageTask): Promise<ImageTaskResult> {
  const problems = new ProblemList();
  let content: Buffer;
  let read: ImageTaskResult['read'];
  let onDisk: ImageFile['onDisk'];
  if ('path' in file) {
    try {
      // Synchronous: in an image thread nothing else waits, and the reading never queues behind
      // the decoders in libuv's pool.
      const descriptor = fs.openSync(file.path, 'r');
      try {
        const stat = fs.fstatSync(descriptor);
        read = { size: stat.size, modifiedMs: stat.mtimeMs };
        if (prepare || file.contentType === 'image/svg+xml') {
          content = fs.readFileSync(descriptor);
          read.size = content.length;
        } else {
          // A raster's check reads its header only: its first bytes here, the rest by the decoder.
          const head = Buffer.alloc(Math.min(stat.size, HEAD_BYTES));
          const length = fs.readSync(descriptor, head, 0, head.length, 0);
          content = head.subarray(0, length);
          onDisk = { path: file.path, size: stat.size };
        }
      } finally {
        fs.closeSync(descriptor);
      }
    } catch {
      problems.report(file.file, '$', 'arquivo ilegível');
      return { id, image: null, problems: problems.items };
    }
  } else {
    // Structured cloning turns Buffers into plain Uint8Arrays: make them Buffers again (no copy).
    content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  }
  const entry: ImageFile = {
    file: file.file,
    assetId: file.assetId,
    contentType: file.contentType,
    content,
    ...(onDisk && { onDisk }),
  };
  try {
    const [image = null] = await checkImages([entry], problems, { prepare });
    // A check alone of a file read here needs no bytes back, only whether it passed.
    const sent =
      image && read && !prepare ? { ...image, content: Buffer.alloc(0), zoomContent: null } : image;
    return { id, image: sent, problems: problems.items, read };
  } catch (error) {
    // What would have failed the whole import in its own thread is this file's problem here.
    problems.report(file.file, '$', checkFailed(error));
    return { id, image: null, problems: problems.items, read };
  }
}

export const checkFailed = (error: unknown) =>
  `não foi possível verificar a imagem (${error instanceof Error ? error.message : String(error)})`;

export interface ImageWorkerPoolOptions {
  /** Threads; by default one core is left to the event loop (at least one, at most four). */
  size?: number;
  /** A file whose check takes longer than this is a problem (its thread is stopped). */
  timeoutMs?: number;
  /** The worker's module (tests start a failing one); image-worker.ts, or .js in the build. */
  workerUrl?: URL;
}

/**
 * The worker's module: next to this file in development (TypeScript, run through tsx's loader) and
 * in the bundle (dist/image-worker.js next to dist/main.js and dist/ops.js, see build.mjs).
 */
const SOURCE = import.meta.url.endsWith('.ts');
const DEFAULT_WORKER = new URL(SOURCE ? './image-worker.ts' : './image-worker.js', import.meta.url);
/** The worker's modules bundled from the sources (`bundleImageWorker`), when they were. */
let bundledWorker: URL | undefined;
/** Where bundles of the sources are kept: beside the packages they import, which they find there. */
const BUNDLE_DIR = new URL('../../../node_modules/.cache/gabarita-image-worker/', import.meta.url);
/** Bundles of older sources are removed after this long (a process may still be starting one). */
const STALE_BUNDLE_MS = 24 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 120_000;
/** Threads with nothing to do for this long are stopped (and started again by the next import). */
const IDLE_MS = 10_000;

/**
 * Run from the TypeScript sources (`npm run content:import`, tsx), each image thread would register
 * tsx's loader and load the worker's modules through it: about 0.3 s of CPU and 30 MB a thread
 * (docs/performance.md, "Validation fast again"). A command run on its own bundles them once
 * instead, as the build does (esbuild, which tsx runs on), into a plain module that the threads
 * load as they load dist/image-worker.js. Nothing to do in the build; if bundling fails, the
 * threads register tsx as before.
 */
export async function bundleImageWorker(): Promise<void> {
  if (!SOURCE || bundledWorker) return;
  try {
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(DEFAULT_WORKER)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)),
      plugins: [
        {
          // As build.mjs: the workspace's packages and `@/` are bundled, other packages imported.
          name: 'external-packages',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@gabarita/') || args.path.startsWith('@/')
                ? undefined
                : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const text = result.outputFiles[0]!.text;
    const name = `image-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`;
    const directory = fileURLToPath(BUNDLE_DIR);
    const file = path.join(directory, name);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(directory, { recursive: true });
      // Whole or absent: another process may load it meanwhile.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, text);
      fs.renameSync(partial, file);
      for (const other of fs.readdirSync(directory)) {
        const at = path.join(directory, other);
        if (other !== name && Date.now() - fs.statSync(at).mtimeMs > STALE_BUNDLE_MS)
          fs.rmSync(at, { force: true });
      }
    }
    bundledWorker = pathToFileURL(file);
  } catch {
    // The threads register tsx.
  }
}

function startWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // TypeScript sources (tsx in development, vitest in tests): the thread registers tsx's loader
  // first, with the server's tsconfig (its `@/` paths), then loads the worker.
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const tsconfig = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url));
  const bootstrap = `(async () => {
    const { register } = await import(${JSON.stringify(tsx)});
    register({ tsconfig: ${JSON.stringify(tsconfig)} });
    await import(${JSON.stringify(url.href)});
  })();`;
  return new Worker(bootstrap, { eval: true });
}

interface Job {
  task: ImageTask;
  handOver: boolean;
  /**
   * Checked in a thread of its own: it was on a thread that died or hung with other files, so
   * which one was at fault is found by checking each alone.
   */
  alone: boolean;
  resolve: (result: ImageTaskResult) => void;
}

interface Thread {
  worker: Worker;
  /** It has loaded (said so): until then a failure is the thread's, not the file's. */
  ready: boolean;
  /** Its files being checked, by task id, each with its time limit. */
  jobs: Map<number, { job: Job; timer: NodeJS.Timeout }>;
}

/**
 * Files sent to a thread before it answers for the first: the thread reads the next file while
 * libvips decodes the one before, and never waits for this thread to send it work.
 */
const FILES_PER_THREAD = 8;

export function createImageWorkerPool(options: ImageWorkerPoolOptions = {}) {
  const size =
    options.size ?? Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const workerUrl = options.workerUrl ?? bundledWorker ?? DEFAULT_WORKER;
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  /** Why threads cannot start here: the files are then checked in this thread, as before. */
  let unavailable: string | null = null;

  const finish = (thread: Thread, id: number) => {
    const entry = thread.jobs.get(id);
    if (!entry) return null;
    thread.jobs.delete(id);
    clearTimeout(entry.timer);
    return entry.job;
  };

  /**
   * The thread is gone. A file it had alone becomes a problem; files it had together go back to
   * the queue, each to be checked alone; the queue goes on in a new thread.
   */
  const lose = (thread: Thread, reason: string) => {
    if (!threads.delete(thread)) return;
    void thread.worker.terminate();
    const jobs = [...thread.jobs.keys()].map((id) => finish(thread, id)!);
    if (!thread.ready) {
      // It never started: nothing to do with the files. Check here instead (and say why once).
      if (unavailable === null) {
        unavailable = reason;
        process.emitWarning(`Imagens verificadas na thread principal: ${reason}`);
      }
      queue.unshift(...jobs);
    } else if (jobs.length === 1) {
      const [job] = jobs as [Job];
      job.resolve({
        id: job.task.id,
        image: null,
        problems: [{ file: job.task.file.file, path: '$', message: checkFailed(reason) }],
      });
    } else {
      queue.unshift(...jobs.map((job) => ({ ...job, alone: true })));
    }
    dispatch();
  };

  const spawn = () => {
    const thread: Thread = { worker: startWorker(workerUrl), ready: false, jobs: new Map() };
    thread.worker.unref();
    thread.worker.on('message', (message: ImageTaskResult | { ready: true }) => {
      if ('ready' in message) {
        thread.ready = true;
        return;
      }
      finish(thread, message.id)?.resolve(message);
      dispatch();
    });
    thread.worker.on('error', (error) => lose(thread, `o verificador falhou: ${error.message}`));
    thread.worker.on('exit', (code) =>
      lose(thread, `o verificador parou inesperadamente (código ${code})`),
    );
    threads.add(thread);
    return thread;
  };

  const inThisThread = async (job: Job) => job.resolve(await runImageTask(job.task));

  const dispatch = () => {
    while (queue.length > 0) {
      if (unavailable !== null) {
        // One at a time, as checkImages itself goes.
        const job = queue.shift()!;
        void inThisThread(job).then(dispatch);
        return;
      }
      const job = queue[0]!;
      const open = (candidate: Thread) =>
        job.alone
          ? candidate.jobs.size === 0
          : candidate.jobs.size < FILES_PER_THREAD &&
            ![...candidate.jobs.values()].some((entry) => entry.job.alone);
      // An idle thread first, then a new one, then one with room.
      let thread = [...threads].find((candidate) => candidate.jobs.size === 0 && open(candidate));
      if (!thread && threads.size < size) {
        try {
          thread = spawn();
        } catch (error) {
          unavailable = error instanceof Error ? error.message : String(error);
          process.emitWarning(`Imagens verificadas na thread principal: ${unavailable}`);
          continue;
        }
      }
      thread ??= [...threads].filter(open).sort((one, other) => one.jobs.size - other.jobs.size)[0];
      if (!thread) break;
      queue.shift();
      const chosen = thread;
      const timer = setTimeout(
        () => lose(chosen, `passou de ${Math.round(timeoutMs / 1000)} s`),
        timeoutMs,
      );
      timer.unref();
      chosen.jobs.set(job.task.id, { job, timer });
      // A file handed over moves to the thread (no copy); the caller no longer reads it.
      const moved =
        job.handOver && 'content' in job.task.file
          ? ownArrayBuffer(job.task.file.content)
          : undefined;
      chosen.worker.postMessage(job.task, moved ? [moved] : []);
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (!busy()) close();
    }, IDLE_MS);
    idleTimer.unref();
  };

  const run = (file: ImageFile | ImageOnDisk, prepare: boolean, handOver: boolean) =>
    new Promise<ImageTaskResult>((resolve) => {
      queue.push({ task: { id: nextId++, file, prepare }, handOver, alone: false, resolve });
      dispatch();
    });

  const busy = () => queue.length > 0 || [...threads].some((thread) => thread.jobs.size > 0);

  function close() {
    // The next import tries threads again.
    unavailable = null;
    for (const thread of threads) {
      threads.delete(thread);
      thread.worker.removeAllListeners('exit');
      void thread.worker.terminate();
    }
  }

  return {
    /** `checkImages`, each file in a worker thread. */
    async checkImages(
      files: ImageFile[],
      problems: ProblemList,
      checkOptions: {
        prepare: boolean;
        progress?: (line: string) => void;
        /** The files' bytes move to the threads instead of being copied: the caller drops them. */
        handOver?: boolean;
      },
    ): Promise<PreparedImage[]> {
      let done = 0;
      const results = await Promise.all(
        files.map(async (file) => {
          const result = await run(file, checkOptions.prepare, checkOptions.handOver ?? false);
          done += 1;
          if (files.length >= 20 && done % 20 === 0)
            checkOptions.progress?.(`  ${done}/${files.length} imagens verificadas`);
          return result;
        }),
      );
      const prepared: PreparedImage[] = [];
      for (const result of results) {
        for (const problem of result.problems)
          problems.report(problem.file, problem.path, problem.message);
        if (result.image) prepared.push(asBuffers(result.image));
      }
      return prepared;
    },
    /**
     * Checks an image the thread reads from disk; its problems in the result, its size and time
     * in `read` when it could be read.
     */
    async checkOnDisk(file: ImageOnDisk, prepare: boolean): Promise<ImageTaskResult> {
      const result = await run(file, prepare, false);
      return { ...result, image: result.image ? asBuffers(result.image) : null };
    },
    close,
    /** Stops the threads now if none is working (an import that ended), else when they are idle. */
    release() {
      if (!busy()) close();
    },
  };
}

/** Structured cloning delivers Buffers as Uint8Arrays: Buffers again, without a copy. */
function asBuffers(image: PreparedImage): PreparedImage {
  const buffer = (bytes: Uint8Array) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...image,
    content: buffer(image.content),
    zoomContent: image.zoomContent ? buffer(image.zoomContent) : null,
  };
}

let shared: ReturnType<typeof createImageWorkerPool> | undefined;
let sharedSize: number | undefined;

/**
 * A command run on its own (the CLI, not the server) serves no requests: its images take a thread
 * per core. Called before its first image.
 */
export function imageThreadPerCore() {
  sharedSize = Math.max(1, Math.min(4, os.availableParallelism?.() ?? os.cpus().length));
}

/** `checkImages` in the process's pool of image threads. */
export function checkImagesInWorkers(
  ...args: Parameters<ReturnType<typeof createImageWorkerPool>['checkImages']>
): Promise<PreparedImage[]> {
  shared ??= createImageWorkerPool({ size: sharedSize });
  return shared.checkImages(...args);
}

/** `checkOnDisk` in the process's pool of image threads. */
export function checkImageOnDisk(file: ImageOnDisk, prepare: boolean): Promise<ImageTaskResult> {
  shared ??= createImageWorkerPool({ size: sharedSize });
  return shared.checkOnDisk(file, prepare);
}

/**
 * Stops the process's image threads once nothing waits on them: a command ends as soon as it has
 * printed its result instead of when the threads would have gone idle.
 */
export function releaseImageWorkers() {
  shared?.release();
}
