import type { LoadFigures } from './load.ts';

export type Row = {
  measurement: string;
  figure: string;
  baseline: string;
  /** Figure divided by baseline; undefined when there is no baseline. */
  ratio: number | undefined;
  target: string;
  verdict: string;
  /** True when the run must exit non-zero because of this row (a broken route, a blown budget). */
  failsRun: boolean;
  detail?: string | undefined;
  data: unknown;
};

export function formatBytes(bytes: number): string {
  // Binary units, as browsers' DevTools and Lighthouse report transfer sizes (1 KiB = 1024 bytes).
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function formatMs(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : 'n/a';
}

export function formatLoad(figures: LoadFigures): string {
  return `${integer.format(figures.requestsPerSecond)} req/s, p50 ${formatMs(figures.p50Ms)} ms, p99 ${formatMs(figures.p99Ms)} ms`;
}

const COLUMNS = [
  ['measurement', 'measurement'],
  ['figure', 'figure'],
  ['baseline', 'baseline (same run)'],
  ['ratio', 'ratio'],
  ['target', 'target'],
  ['verdict', 'verdict'],
] as const;

/** One plain-text table, readable in a CI log, followed by per-row details and the footnotes. */
export function printTable(rows: Row[], options: { title: string; footer: string[] }): void {
  const cells = rows.map((row) =>
    COLUMNS.map(([key]) => {
      if (key === 'ratio') return row.ratio === undefined ? '-' : row.ratio.toFixed(2);
      return row[key];
    }),
  );
  const headers = COLUMNS.map(([, header]) => header);
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...cells.map((line) => line[index]?.length ?? 0)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, index) => value.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;

  console.info(options.title);
  console.info(line(headers));
  console.info(rule);
  for (const cellLine of cells) console.info(line(cellLine));
  const details = rows.filter((row) => row.detail);
  if (details.length > 0) {
    console.info('');
    for (const row of details) console.info(`  ${row.measurement}: ${row.detail}`);
  }
  console.info('');
  for (const note of options.footer) console.info(note);
}
