/**
 * Lighthouse 12 (the `lighthouse` package's own command line) against a page of a running product,
 * in the machine's Debian Chromium: mobile emulation and simulated slow 4G, Lighthouse's defaults.
 * One Chromium serves every run; a signed-in page is audited in the same profile after the
 * session token has been put in its local storage (the web app keeps its session there), with the
 * HTTP cache emptied first so the page still loads cold.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from './processes';
import { eventually } from './eventually';

const run = promisify(execFile);
const CLI = resolve(__dirname, '../../node_modules/lighthouse/cli/index.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  fcp: number;
  /** Total blocking time, ms. */
  tbt: number;
  cls: number;
  /** What the largest contentful paint painted (Lighthouse's label of the element, and its selector). */
  lcpElement: string;
  /** The audits of the four categories that did not pass, `id (shown value)`, to say why a score is short. */
  failing: string[];
  /** Lighthouse's measure of the host's CPU for this run (its report's "CPU/Memory Power"). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated (Lighthouse's default: 4). */
  cpuSlowdown: number;
}

interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; selector?: string } }> }> };
}
interface Report {
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
}

export interface LighthouseRunner {
  /**
   * Audit `url` as a visitor (storage emptied) or, with `token`, as the signed-in user of that session;
   * `cpuSlowdown` in place of Lighthouse's default 4x.
   */
  audit(url: string, token?: string | null, options?: { cpuSlowdown?: number }): Promise<LighthouseScores>;
  close(): Promise<void>;
}

export async function startLighthouse(): Promise<LighthouseRunner> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const chrome: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so that closing it stops its helper processes too.
    { stdio: 'ignore', detached: true },
  );
  const browser = (await eventually(() => chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null), (b) => b !== null, 30_000, 250)) as Browser;
  const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  let runs = 0;

  return {
    async audit(url, token = null, { cpuSlowdown } = {}) {
      // The session as the app keeps it, in the profile's storage, and no cached file from an earlier run.
      const context = browser.contexts()[0];
      const page = await context.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((value) => (value ? window.localStorage.setItem('token', value) : window.localStorage.clear()), token);
      // And its cookie for the signed-in pages' HTML, as signing in sets it (web/src/lib/storage.ts).
      await context.clearCookies();
      if (token) await context.addCookies([{ name: 'rp_session', value: token, domain: new URL(url).hostname, path: '/dashboard', sameSite: 'Strict' }]);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      const output = join(outDir, `run-${++runs}.json`);
      const lighthouse = () => run(process.execPath, [
        CLI, url, `--port=${port}`, '--output=json', `--output-path=${output}`, `--only-categories=${CATEGORIES.join(',')}`, '--quiet',
        // Lighthouse empties the origin's storage before loading by default, which would sign the user out.
        ...(token ? ['--disable-storage-reset'] : []),
        ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
      ], { maxBuffer: 64 * 1024 * 1024 });
      // Lighthouse now and then loses its trace of a load (NO_NAVSTART, 'run Lighthouse again'): once more, then it counts.
      await lighthouse().catch((error: unknown) => (/run Lighthouse again|NO_NAVSTART|NO_FCP/.test(String(error)) ? lighthouse() : Promise.reject(error)));
      return scoresOf(url, JSON.parse(readFileSync(output, 'utf8')) as Report);
    },
    async close() {
      await browser.close().catch(() => undefined);
      const exited = new Promise((done) => (chrome.exitCode !== null ? done(undefined) : chrome.once('exit', done)));
      chrome.kill('SIGTERM');
      await exited;
      // Its helper processes could still be writing its cache into the profile (the suite once failed
      // on ENOTEMPTY removing it): the whole group is stopped first, and the removal still retried.
      try {
        process.kill(-chrome.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      rmSync(outDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

function scoresOf(url: string, report: Report): LighthouseScores {
  const score = (category: (typeof CATEGORIES)[number]) => report.categories[category].score ?? 0;
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scored = new Set(CATEGORIES.flatMap((c) => report.categories[c].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)));
  const failing = Object.values(report.audits)
    .filter((a) => scored.has(a.id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: lcpElementOf(report),
    failing,
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4,
  };
}

function lcpElementOf(report: Report): string {
  const node = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)} (${node.selector ?? '?'})` : '?';
}

/** The scores as a table for the CI log, and under it what each page's largest paint was. */
export function lighthouseTable(rows: Array<{ page: string; scores: LighthouseScores }>): string {
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'FCP', 'TBT', 'CLS', 'CPU slowdown (host index)'];
  const lines = rows.map(({ page, scores: s }) => [
    page, s.performance.toFixed(2), s.accessibility.toFixed(2), s.bestPractices.toFixed(2), s.seo.toFixed(2),
    `${(s.lcp / 1000).toFixed(1)} s`, `${(s.fcp / 1000).toFixed(1)} s`, `${Math.round(s.tbt)} ms`, s.cls.toFixed(3), `${s.cpuSlowdown}x (${Math.round(s.benchmarkIndex)})`,
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const elements = rows.map(({ page, scores: s }) => `  ${page}: ${s.lcpElement}`);
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format), '', 'Largest contentful paint:', ...elements].join('\n');
}
