/**
 * `npm run size`: the JavaScript and CSS each page really loads on first visit, counted at gzip size
 * from the build. "First load" is what the browser fetches before the page's load event (the shell
 * and the page's own chunks, preloaded in its HTML); "until idle" adds what the page fetches right
 * after (lazily loaded sections further down). Exits 1 when first-load JS of / or /menu exceeds 100 KB.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser';
import { reportedPages, startBuiltServer } from './lib/built-server';

const BUDGET_KB = 100;
const budgeted = new Set(['/', '/menu']);
const extra = ['/payment?client_secret=x&booking_id=y', '/admin', '/check-in'];

const gzipKb = (urlPath: string) => gzipSync(readFileSync(path.join('dist/web', urlPath))).length / 1024;

const server = await startBuiltServer();
const browser = await launchBrowser();
const rows: { page: string; 'first-load JS KB': string; 'JS until idle KB': string; 'CSS KB': string; files: number; budget: string }[] = [];
let failed = false;
try {
  for (const page of [...reportedPages, ...extra]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const tab = await context.newPage();
    const assets = new Set<string>();
    const firstLoad = new Set<string>();
    let loaded = false;
    tab.on('load', () => (loaded = true));
    tab.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin !== server.url || !/\.(js|css)$/.test(u.pathname)) return;
      assets.add(u.pathname);
      if (!loaded) firstLoad.add(u.pathname);
    });
    await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
    await context.close();
    const firstJs = [...firstLoad].filter((a) => a.endsWith('.js')).reduce((s, a) => s + gzipKb(a), 0);
    const js = [...assets].filter((a) => a.endsWith('.js')).reduce((s, a) => s + gzipKb(a), 0);
    const css = [...assets].filter((a) => a.endsWith('.css')).reduce((s, a) => s + gzipKb(a), 0);
    const over = budgeted.has(page) && firstJs > BUDGET_KB;
    failed ||= over;
    rows.push({
      page,
      'first-load JS KB': firstJs.toFixed(1),
      'JS until idle KB': js.toFixed(1),
      'CSS KB': css.toFixed(1),
      files: assets.size,
      budget: budgeted.has(page) ? (over ? 'OVER' : `< ${BUDGET_KB}`) : '',
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
console.table(rows);
if (failed) process.exitCode = 1;
