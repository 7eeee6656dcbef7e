/**
 * The load generator's record of a long run of responses, and its own pauses. Kept as numbers in
 * typed arrays: a record object per response (millions in a half-hour import) made the benchmark's
 * own heap grow to hundreds of megabytes, and each of its garbage collections stopped the readers'
 * clock with the responses waiting, counted as the server's latency (docs/performance.md, "A
 * million questions").
 */
import { PerformanceObserver } from 'node:perf_hooks';

const FIRST_CAPACITY = 1 << 20;

export class ResponseLog {
  private seconds = new Float64Array(FIRST_CAPACITY);
  private milliseconds = new Float64Array(FIRST_CAPACITY);
  length = 0;

  /** A response `ms` long, answered `at` seconds into the run. */
  push(at: number, ms: number) {
    if (this.length === this.seconds.length) {
      this.seconds = grown(this.seconds);
      this.milliseconds = grown(this.milliseconds);
    }
    this.seconds[this.length] = at;
    this.milliseconds[this.length] = ms;
    this.length += 1;
  }

  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield { at: this.seconds[i]!, ms: this.milliseconds[i]! };
  }

  /** The latencies alone, sorted. */
  sortedMs() {
    return this.milliseconds.slice(0, this.length).sort();
  }
}

function grown(values: Float64Array) {
  const larger = new Float64Array(values.length * 2);
  larger.set(values);
  return larger;
}

/**
 * This process's garbage-collection pauses from now until `stop()`: the longest, and those of at
 * least `overMs`, with the second of the run (from `startedAt`, a performance.now()) they ended in.
 */
export function watchOwnPauses(startedAt: number, overMs: number) {
  const long: { at: number; ms: number }[] = [];
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longest = Math.max(longest, entry.duration);
      if (entry.duration >= overMs)
        long.push({
          at: (entry.startTime + entry.duration - startedAt) / 1000,
          ms: entry.duration,
        });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      return { longest, long };
    },
  };
}
