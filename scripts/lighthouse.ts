/**
 * `npm run lighthouse [-- /path ...]`: Lighthouse 12 mobile scores (performance, accessibility, best
 * practices, SEO) for each page, against the built server, in Debian's Chromium. Prints a table;
 * exits 1 when a page misses the targets (100/100/100 and performance >= 95).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_ARGS, CHROME_PATH } from '../tests/e2e/support/browser';
import { reportedPages, startBuiltServer } from './lib/built-server';

const pagesToRun = process.argv.slice(2).filter((a) => a.startsWith('/'));
const paths = pagesToRun.length ? pagesToRun : reportedPages;

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_ARGS });
const rows: {
  path: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  LCP: string;
  notes: string;
}[] = [];
let failed = false;
try {
  for (const path of paths) {
    const audit = async () =>
      (await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }))!.lhr;
    let lhr = await audit();
    // A run Lighthouse itself could not finish (NO_FCP and the like, rare here) measures nothing: try once more.
    if (lhr.runtimeError) {
      console.log(`${path}: Lighthouse run failed (${lhr.runtimeError.code}), running it again`);
      lhr = await audit();
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const row = {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      LCP: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
      notes: '',
    };
    const misses = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (row.accessibility < 100 || row['best-practices'] < 100 || row.seo < 100 || row.performance < 95) {
      failed = true;
      row.notes = lhr.runtimeError?.code ?? misses.slice(0, 6).join(', ');
    }
    rows.push(row);
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.table(rows);
if (failed) {
  console.log('Target: 100 accessibility, best practices and SEO, performance >= 95 on every page.');
  process.exitCode = 1;
}
