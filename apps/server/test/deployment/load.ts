/** One request of a load run: when it started and ended (performance.now()) and whether it passed. */
export interface LoadSample {
  what: string;
  start: number;
  end: number;
  ok: boolean;
  /** Why it failed: the status and body, or the client's error. */
  detail?: string;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The run's figures, latencies taken over the requests that started inside [from, to]. */
export function summarize(samples: LoadSample[], from: number, to: number) {
  const inWindow = samples.filter((sample) => sample.start >= from && sample.start <= to);
  const latencies = inWindow.map((sample) => sample.end - sample.start).sort((a, b) => a - b);
  return {
    requests: samples.length,
    failed: samples.filter((sample) => !sample.ok).length,
    inWindow: inWindow.length,
    windowMs: to - from,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}
