import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * V8 lets a process's heap grow far beyond what it holds alive when the machine has memory to
 * spare: an import of 1,000,000 questions peaked at 590 MB resident without a cap and at 264 MB
 * with one of 256 MB, in about the same time (docs/performance.md, "A million questions").
 */
const HEAP_FLAG = '--max-old-space-size';

/** Whether this process runs with a heap cap of its own (a flag, or NODE_OPTIONS). */
export function heapIsCapped(): boolean {
  const nodeOptions = (process.env.NODE_OPTIONS ?? '').split(/\s+/);
  return [...process.execArgv, ...nodeOptions].some((flag) => flag.startsWith(HEAP_FLAG));
}

/**
 * Runs this same command again in a Node whose heap is capped at `megabytes`, passing signals on,
 * and returns its exit code. A child that ran out of memory is told apart from other failures.
 */
export async function rerunWithHeapCap(megabytes: number): Promise<number> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, `${HEAP_FLAG}=${megabytes}`, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  process.off('SIGINT', forward).off('SIGTERM', forward);
  // V8 aborts a process whose heap is full.
  if (signal === 'SIGABRT' || code === 134) {
    console.error(
      `O comando passou do limite de memória de ${megabytes} MB e parou; nada foi gravado. ` +
        `Para um catálogo deste tamanho, rode de novo com NODE_OPTIONS=${HEAP_FLAG}=<MB>, por exemplo ${megabytes * 4}.`,
    );
    return 1;
  }
  return code ?? 1;
}
