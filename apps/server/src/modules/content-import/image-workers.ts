/**
 * Image checks in worker threads. Decoding, re-encoding, hashing and SVG sanitizing are CPU work
 * that, in the server's thread, would delay every request waiting on the event loop while an import
 * runs (on PGlite the import runs in the server's process). Each image is checked by `checkImages`
 * in one of a few threads; the results and problems are the same as in this thread, reported in the
 * files' order; the threads run at a lower priority than the requests (image-worker.ts). A thread
 * that dies or hangs on a file makes that file's problem line, not a failed import, and another
 * thread takes the rest.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImageFile } from './content-files';
import { checkImages, type PreparedImage } from './images';
import { type Problem, ProblemList } from './problems';

export interface ImageTask {
  id: number;
  file: ImageFile;
  prepare: boolean;
}

export interface ImageTaskResult {
  id: number;
  image: PreparedImage | null;
  problems: Problem[];
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
const DEFAULT_TIMEOUT_MS = 120_000;
/** Threads with nothing to do for this long are stopped (and started again by the next import). */
const IDLE_MS = 10_000;

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
  resolve: (result: ImageTaskResult) => void;
}

interface Thread {
  worker: Worker;
  /** It has loaded (said so): until then a failure is the thread's, not the file's. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export function createImageWorkerPool(options: ImageWorkerPoolOptions = {}) {
  const size =
    options.size ?? Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const workerUrl = options.workerUrl ?? DEFAULT_WORKER;
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  /** Why threads cannot start here: the files are then checked in this thread, as before. */
  let unavailable: string | null = null;

  const finish = (thread: Thread) => {
    const job = thread.job;
    thread.job = null;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    return job;
  };

  /** The thread is gone: its file becomes a problem, and the queue goes on in a new thread. */
  const lose = (thread: Thread, reason: string) => {
    if (!threads.delete(thread)) return;
    void thread.worker.terminate();
    const job = finish(thread);
    if (!thread.ready) {
      // It never started: nothing to do with the file. Check here instead (and say why once).
      if (unavailable === null) {
        unavailable = reason;
        process.emitWarning(`Imagens verificadas na thread principal: ${reason}`);
      }
      if (job) queue.unshift(job);
    } else if (job) {
      job.resolve({
        id: job.task.id,
        image: null,
        problems: [{ file: job.task.file.file, path: '$', message: checkFailed(reason) }],
      });
    }
    dispatch();
  };

  const spawn = () => {
    const thread: Thread = { worker: startWorker(workerUrl), ready: false, job: null, timer: null };
    thread.worker.unref();
    thread.worker.on('message', (message: ImageTaskResult | { ready: true }) => {
      if ('ready' in message) {
        thread.ready = true;
        return;
      }
      finish(thread)?.resolve(message);
      dispatch();
    });
    thread.worker.on('error', (error) => lose(thread, `o verificador falhou: ${error.message}`));
    thread.worker.on('exit', (code) =>
      lose(thread, `o verificador parou inesperadamente (código ${code})`),
    );
    threads.add(thread);
    return thread;
  };

  const inThisThread = async (job: Job) => {
    const problems = new ProblemList();
    const { file, prepare, id } = job.task;
    try {
      const [image = null] = await checkImages([file], problems, { prepare });
      job.resolve({ id, image, problems: problems.items });
    } catch (error) {
      problems.report(file.file, '$', checkFailed(error));
      job.resolve({ id, image: null, problems: problems.items });
    }
  };

  const dispatch = () => {
    while (queue.length > 0) {
      if (unavailable !== null) {
        // One at a time, as checkImages itself goes.
        const job = queue.shift()!;
        void inThisThread(job).then(dispatch);
        return;
      }
      let thread = [...threads].find((candidate) => candidate.job === null);
      if (!thread && threads.size < size) {
        try {
          thread = spawn();
        } catch (error) {
          unavailable = error instanceof Error ? error.message : String(error);
          process.emitWarning(`Imagens verificadas na thread principal: ${unavailable}`);
          continue;
        }
      }
      if (!thread) return;
      const job = queue.shift()!;
      const chosen = thread;
      chosen.job = job;
      chosen.timer = setTimeout(
        () => lose(chosen, `passou de ${Math.round(timeoutMs / 1000)} s`),
        timeoutMs,
      );
      chosen.timer.unref();
      chosen.worker.postMessage(job.task);
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (queue.length === 0 && ![...threads].some((thread) => thread.job)) close();
    }, IDLE_MS);
    idleTimer.unref();
  };

  const run = (file: ImageFile, prepare: boolean) =>
    new Promise<ImageTaskResult>((resolve) => {
      queue.push({ task: { id: nextId++, file, prepare }, resolve });
      dispatch();
    });

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
      checkOptions: { prepare: boolean; progress?: (line: string) => void },
    ): Promise<PreparedImage[]> {
      let done = 0;
      const results = await Promise.all(
        files.map(async (file) => {
          const result = await run(file, checkOptions.prepare);
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
    close,
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

/** `checkImages` in the process's pool of image threads. */
export function checkImagesInWorkers(
  ...args: Parameters<ReturnType<typeof createImageWorkerPool>['checkImages']>
): Promise<PreparedImage[]> {
  shared ??= createImageWorkerPool();
  return shared.checkImages(...args);
}
