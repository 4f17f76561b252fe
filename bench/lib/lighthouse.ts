import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../scripts/chromium.mjs';

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
  /** The largest paint's element as Lighthouse describes it (tag and class, or its text), of the median run. */
  lcpElement: string | undefined;
  warnings: string[];
};

const CHROMIUM = process.env.CHROME_PATH ?? DEBIAN_CHROMIUM;

// Lighthouse launches Chromium itself: headless, with the flags of every other run here.
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

type Audit = {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: Array<{ items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> }>;
  };
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

/** The LCP element of a run: its opening tag (attributes cut short) and its label, as Lighthouse reports the node. */
function lcpElement(lhr: Lhr): string | undefined {
  const node = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (!node?.snippet) return undefined;
  const tag = node.snippet.replace(/\s(?:src|srcset|sizes|style)="[^"]*"/g, '').slice(0, 80);
  return node.nodeLabel ? `${tag} "${node.nodeLabel.slice(0, 40)}"` : tag;
}

/** Sets cookies for `url`'s origin in the browser listening on `port`, through the DevTools protocol. */
async function setCookies(
  port: number,
  url: string,
  cookies: NonNullable<LighthouseOptions['cookies']>,
): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    const answer = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true }),
    );
    const origin = new URL(url).origin;
    socket.send(
      JSON.stringify({
        id: 1,
        method: 'Storage.setCookies',
        params: { cookies: cookies.map((cookie) => ({ ...cookie, url: origin, path: '/' })) },
      }),
    );
    const { error } = await answer;
    if (error) throw new Error(`setting cookies failed: ${error.message}`);
  } finally {
    socket.close();
  }
}

export type LighthouseOptions = {
  /**
   * Put in the browser's cookie jar for the page's origin before it loads (e.g. a signed-in operator's session):
   * Lighthouse clears caches and storage between runs but keeps cookies. (A Cookie header in Lighthouse's
   * extraHeaders does not do: the browser's own cookies, once the page sets one, replace it.)
   */
  cookies?: Array<{ name: string; value: string; httpOnly?: boolean }>;
  /** Measure a page whose document answers 4xx (the error page of an unknown path, with its true 404). */
  ignoreStatusCode?: boolean;
};

/**
 * Lighthouse 12.6.1 on `url` in Debian's Chromium, fresh profile per run: mobile (Lighthouse's default: Moto G
 * Power emulation, simulated slow 4G and 4x CPU slowdown) or desktop (its desktop preset). Performance and
 * accessibility only. With several runs, the median by performance score is reported.
 */
export async function runLighthouse(
  url: string,
  formFactor: LighthouseFormFactor,
  runs: number,
  options: LighthouseOptions = {},
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
      if (options.cookies) await setCookies(chrome.port, url, options.cookies);
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(options.ignoreStatusCode ? { ignoreStatusCode: true } : {}),
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      // BENCH_LHR_DIR: every run's whole report is kept there (for reading a page's request chain and LCP phases).
      const keepDir = process.env.BENCH_LHR_DIR;
      if (keepDir) {
        await mkdir(keepDir, { recursive: true });
        const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}-${Date.now()}.json`;
        await writeFile(join(keepDir, name), JSON.stringify(result.lhr));
      }
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
    lcpElement: lcpElement(median),
    warnings: [
      ...(median.runWarnings ?? []),
      ...failures.map((failure) => `not measured, run again: ${failure}`),
    ],
  };
}
