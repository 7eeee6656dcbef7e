/**
 * A text being written once and read by several requests of this process: each reader gets what
 * was already written, then the rest as it arrives, then the end (with its result) or the failure.
 */
export class TextBroadcast<Result> {
  private readonly chunks: string[] = [];
  private outcome: { ok: true; result: Result } | { ok: false; error: unknown } | undefined;
  private readonly waiting = new Set<() => void>();

  write(text: string) {
    if (this.outcome || text.length === 0) return;
    this.chunks.push(text);
    this.wake();
  }

  finish(result: Result) {
    this.outcome ??= { ok: true, result };
    this.wake();
  }

  fail(error: unknown) {
    this.outcome ??= { ok: false, error };
    this.wake();
  }

  get text() {
    return this.chunks.join('');
  }

  /** The result once finished successfully. */
  get result(): Result | undefined {
    return this.outcome?.ok ? this.outcome.result : undefined;
  }

  /**
   * Yields every chunk from the first; returns when the text is finished or `signal` aborts, and
   * throws the failure if the writing failed.
   */
  async *read(signal?: AbortSignal): AsyncGenerator<string> {
    let next = 0;
    for (;;) {
      while (next < this.chunks.length) yield this.chunks[next++]!;
      if (this.outcome?.ok) return;
      if (this.outcome) throw this.outcome.error;
      if (signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal?.removeEventListener('abort', done);
          this.waiting.delete(done);
          resolve();
        };
        this.waiting.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  private wake() {
    for (const resolve of [...this.waiting]) resolve();
  }
}
