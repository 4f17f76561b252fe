import autocannon from 'autocannon';

export type Target = { url: string; headers?: Record<string, string> };

export type LoadFigures = {
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds, from every response of every slice (sub-millisecond precision). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  seconds: number;
  /** Answers that were not 2xx plus connection errors and timeouts: any of these makes the figures meaningless. */
  failures: number;
  failureDetail: string;
};

type Slice = { requests: number; seconds: number; latencies: number[]; failures: number; statuses: string[] };

const CONNECTIONS = 10;

/** One autocannon run; latencies are collected per response because autocannon's own histogram keeps whole ms. */
function runSlice(target: Target, seconds: number): Promise<Slice> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      { url: target.url, headers: target.headers ?? {}, connections: CONNECTIONS, duration: seconds },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, stats]) => `${stats.count ?? 0}x HTTP ${code}`);
        if (result.errors > 0) statuses.push(`${result.errors} connection errors`);
        if (result.timeouts > 0) statuses.push(`${result.timeouts} timeouts`);
        resolve({
          requests: result.requests.total,
          seconds: result.duration,
          latencies,
          failures: result.non2xx + result.errors + result.timeouts,
          statuses,
        });
      },
    );
    // At run time the event carries the client first; @types/autocannon omits it.
    (instance as unknown as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      },
    );
  });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** The timing of slices run one after another: their calls over their summed seconds, percentiles over all. */
export function sliceTiming(
  requests: number,
  seconds: number,
  latencies: number[][],
): Pick<LoadFigures, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'requests' | 'seconds'> {
  const sorted = Float64Array.from(latencies.flat()).sort();
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests,
    seconds,
  };
}

function combine(slices: Slice[]): LoadFigures {
  return {
    ...sliceTiming(
      slices.reduce((sum, slice) => sum + slice.requests, 0),
      slices.reduce((sum, slice) => sum + slice.seconds, 0),
      slices.map((slice) => slice.latencies),
    ),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
    failureDetail: slices.flatMap((slice) => slice.statuses).join(', '),
  };
}

/**
 * Measures a route beside its baseline in the same run: warm both up, then alternate baseline/subject slices
 * (B S S B ...) so drift in the machine (other jobs, CPU boost, GC) lands on both sides equally.
 */
export async function measurePair(
  baseline: Target,
  subject: Target,
  timing: { warmupSeconds: number; secondsPerSide: number; slicesPerSide: number },
): Promise<{ baseline: LoadFigures; subject: LoadFigures }> {
  await runSlice(baseline, timing.warmupSeconds);
  await runSlice(subject, timing.warmupSeconds);
  const sliceSeconds = Math.max(1, Math.round(timing.secondsPerSide / timing.slicesPerSide));
  const baselineSlices: Slice[] = [];
  const subjectSlices: Slice[] = [];
  for (let round = 0; round < timing.slicesPerSide; round += 1) {
    const order = round % 2 === 0 ? (['baseline', 'subject'] as const) : (['subject', 'baseline'] as const);
    for (const side of order) {
      if (side === 'baseline') baselineSlices.push(await runSlice(baseline, sliceSeconds));
      else subjectSlices.push(await runSlice(subject, sliceSeconds));
    }
  }
  return { baseline: combine(baselineSlices), subject: combine(subjectSlices) };
}

/** Load without measuring: lets a freshly started server settle (JIT, start-up jobs) before its first row. */
export async function warmUp(target: Target, seconds: number): Promise<void> {
  await runSlice(target, seconds);
}

export const LOAD_CONNECTIONS = CONNECTIONS;
