import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type LighthouseFormFactor = 'mobile' | 'desktop';

export type LighthouseFigures = {
  formFactor: LighthouseFormFactor;
  /** Category scores 0-100 (median run by performance). */
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  runs: number;
  /** Performance scores of every run, for the spread. */
  performanceRuns: number[];
  /**
   * Lighthouse's benchmark index of this machine in every run (higher is faster): the simulated 4x-slower phone is
   * this machine slowed down, so a mobile score moves with it; a busy or slow host shows here.
   */
  benchmarkIndexes: number[];
  /** The biggest savings Lighthouse lists (opportunities and failing diagnostics), best first. */
  opportunities: string[];
  warnings: string[];
};

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Chromium flags for a headless, sandbox-less, quiet run on a CI machine (no first-run, sync, updates or QUIC).
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Audit = {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
  metricSavings?: Record<string, number>;
};
type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  /** Set when Lighthouse could not measure the page (its scores are then null). */
  runtimeError?: { code: string; message: string };
};

/**
 * Attempts per run. Lighthouse 12 in this Chromium now and then loses the start of its own trace (NO_NAVSTART,
 * "Please run Lighthouse again"): such a run measured nothing, so it is run again rather than counted as a score of 0.
 */
const ATTEMPTS_PER_RUN = 3;

export function chromiumPath(): string | undefined {
  return existsSync(CHROMIUM) ? CHROMIUM : undefined;
}

function score(lhr: Lhr, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function opportunities(lhr: Lhr): string[] {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const savingsMs = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
      return { audit, savingsMs };
    })
    .filter(({ audit, savingsMs }) => savingsMs > 0 || audit.details?.type === 'opportunity')
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 4)
    .map(
      ({ audit, savingsMs }) =>
        `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${savingsMs > 0 ? `, ~${Math.round(savingsMs)} ms` : ''}`,
    );
}

/**
 * Lighthouse 12.6.1 on `url` in Debian's Chromium, fresh profile per run: mobile (Lighthouse's default: Moto G
 * Power emulation, simulated slow 4G and 4x CPU slowdown) or desktop (its desktop preset). Performance and
 * accessibility only. With several runs, the median by performance score is reported.
 */
export async function runLighthouse(
  url: string,
  formFactor: LighthouseFormFactor,
  runs: number,
): Promise<LighthouseFigures> {
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error(`no Chromium at ${CHROMIUM} (set CHROME_PATH)`);
  const [{ default: lighthouse }, chromeLauncher, { default: desktopConfig }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const results: Lhr[] = [];
  const failures: string[] = [];
  const measure = async (): Promise<Lhr> => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'links-bench-chromium-'));
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      return result.lhr as unknown as Lhr;
    } finally {
      chrome.kill();
      await rm(userDataDir, { recursive: true, force: true });
    }
  };
  for (let run = 0; run < runs; run += 1) {
    for (let attempt = 1; ; attempt += 1) {
      const lhr = await measure();
      if (!lhr.runtimeError) {
        results.push(lhr);
        break;
      }
      failures.push(`run ${run + 1}, attempt ${attempt}: ${lhr.runtimeError.code}`);
      if (attempt === ATTEMPTS_PER_RUN) {
        throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
      }
    }
  }
  const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)] as Lhr;
  const numeric = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
  return {
    formFactor,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    runs: results.length,
    performanceRuns: results.map((lhr) => score(lhr, 'performance')),
    benchmarkIndexes: results.map((lhr) => Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN)),
    opportunities: opportunities(median),
    warnings: [
      ...(median.runWarnings ?? []),
      ...failures.map((failure) => `not measured, run again: ${failure}`),
    ],
  };
}
