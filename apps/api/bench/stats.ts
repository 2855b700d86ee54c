/** Latency samples of one measured run, in milliseconds. */
export interface LoadFigures {
  /** Completed successful operations per second over the measured window. */
  throughputPerSecond: number;
  operations: number;
  failures: number;
  durationSeconds: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(
  latencies: number[],
  failures: number,
  durationSeconds: number,
): LoadFigures {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    throughputPerSecond: values.length / durationSeconds,
    operations: values.length,
    failures,
    durationSeconds,
    latencyMs: {
      p50: round(percentile(values, 0.5)),
      p90: round(percentile(values, 0.9)),
      p99: round(percentile(values, 0.99)),
      max: round(values.at(-1) ?? Number.NaN),
      mean: round(values.length > 0 ? total / values.length : Number.NaN),
    },
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
