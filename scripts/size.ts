/**
 * `npm run size [-- /path ...] [--files]`: the JavaScript and CSS each page really loads on first visit,
 * counted at gzip size from the build, for every public page of the web app's router and the staff screens
 * (scripts/lib/public-pages.ts; `/party/:id` and `/party-invite/:token` open a real party's mailed links).
 * "First load" is what the browser fetches before the page's load event (the shell and the page's own
 * chunks, preloaded in its HTML); "first visit" adds what the page fetches right after, until the network
 * is idle (lazily loaded sections and forms), all a visitor's phone downloads. Exits 1 when any public
 * page's first-visit JS exceeds 100 KB (issue 18), when the Stripe or staff-area code loads on a page that
 * does not need it, or when Stripe's own script (js.stripe.com) loads on a page before its card form is
 * shown, or when the check-in kiosk's first load exceeds 150 KB or a public page loads its service worker code
 * (issue 41).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser';
import { addressOf, publicPaths, staffPaths, startPagesServer } from './lib/public-pages';

const BUDGET_KB = 100;
/** The check-in kiosk's first load (issue 41): its page, the staff gate and the offline code. */
const KIOSK_BUDGET_KB = 150;
/** The kiosk's service worker and the code that registers it: never on a public page (issue 41). */
const kioskOnly = /^\/(check-in-sw\.js|assets\/register-service-worker-)/;
// `npm run size -- --files`: also lists each page's files with their gzip size (what to cut next).
const listFiles = process.argv.includes('--files');
// `npm run size -- /gift-vouchers /party/:id`: only these router paths (while iterating on a page).
const chosen = process.argv.slice(2).filter((a) => a.startsWith('/'));
const toMeasure = [...publicPaths, ...staffPaths].filter((p) => !chosen.length || chosen.includes(p));
for (const p of chosen) if (!toMeasure.includes(p)) throw new Error(`${p} is not a path of the router`);
const fileLists: string[] = [];
// Every public page (lib/public-pages.ts: the router's paths but the staff screens) is budgeted; the staff
// screens are measured for the rules below.
const budgeted = new Set(publicPaths);
/** The pages that open on a card form, where Stripe.js may load at once. */
const cardForms = ['/payment'];

// Chunks that belong to one part of the site, and the pages allowed to load them (issue 6: "the Stripe
// and admin code only load on the pages that need them").
const confinedChunks = [
  { what: 'Stripe payment code', chunk: /^\/assets\/stripe-payment-form-/, pages: ['/payment', '/session-credits'] },
  {
    what: 'staff-area code',
    chunk: /^\/assets\/(admin-|staff-gate-|overview-tab-|overview-bar-chart-|checked-in-tab-)/,
    pages: ['/admin', '/check-in'],
  },
];
const leaks: string[] = [];
const seen = new Set<string>(); // a rule whose chunk never loads anywhere has a stale name and checks nothing

const gzipKb = (urlPath: string) => gzipSync(readFileSync(path.join('dist/web', urlPath))).length / 1024;

// Stripe keys make the site load the real Payment Element code, as in production (no call leaves the
// machine: the fake client_secret never reaches Stripe, and js.stripe.com itself is not counted). The party,
// invitation and voucher the mailed links open are made first, with the TEST MODE card (lib/public-pages.ts).
// SIZE_URL measures a server already running (started with those keys) instead, e.g. while iterating: the
// pages that need such a link are left out then (their tokens come from the script's own server).
const running = process.env.SIZE_URL?.replace(/\/$/, '');
const server = running
  ? {
      url: running,
      addressOf: (path: string) => addressOf(path, null),
      stop: async () => {},
    }
  : await startPagesServer({ STRIPE_SECRET_KEY: 'sk_test_size', STRIPE_PUBLISHABLE_KEY: 'pk_test_size' });
const browser = await launchBrowser();
const rows: {
  page: string;
  'first-load JS KB': string;
  'first-visit JS KB': string;
  'CSS KB': string;
  files: number;
  budget: string;
}[] = [];
let failed = false;
try {
  for (const page of toMeasure) {
    const address = server.addressOf(page);
    if (address === null) {
      console.log(`${page}: not measured with SIZE_URL (it opens from a mailed link the script makes)`);
      continue;
    }
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const tab = await context.newPage();
    const assets = new Set<string>();
    const firstLoad = new Set<string>();
    let loaded = false;
    tab.on('load', () => (loaded = true));
    tab.on('request', (r) => {
      const u = new URL(r.url());
      if (/(^|\.)js\.stripe\.com$/.test(u.hostname) && !cardForms.some((p) => page.startsWith(p)))
        leaks.push(`${page} loads Stripe.js (${u.origin}) before any card form`);
      if (u.origin !== server.url || !/\.(js|css)$/.test(u.pathname)) return;
      assets.add(u.pathname);
      if (!loaded) firstLoad.add(u.pathname);
    });
    await tab.goto(`${server.url}${address}`, { waitUntil: 'networkidle' });
    // On a busy machine the network can fall idle while the shell is still being evaluated, before
    // the page's own chunks are asked for: wait for the app to be live, then for the network again.
    await tab.waitForFunction(() => !document.querySelector('#root[data-prerendered]'), null, { timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    // A prerendered page carries its stylesheet inline (docs/decisions/014): count it as CSS too.
    const inlineCss = gzipSync(
      await tab.evaluate(() => [...document.querySelectorAll('head style')].map((el) => el.textContent).join('')),
    ).length;
    await context.close();
    const firstJs = [...firstLoad].filter((a) => a.endsWith('.js')).reduce((s, a) => s + gzipKb(a), 0);
    const js = [...assets].filter((a) => a.endsWith('.js')).reduce((s, a) => s + gzipKb(a), 0);
    const css =
      [...assets].filter((a) => a.endsWith('.css')).reduce((s, a) => s + gzipKb(a), 0) +
      (inlineCss > 100 ? inlineCss / 1024 : 0);
    for (const rule of confinedChunks) {
      const allowed = rule.pages.some((p) => page.startsWith(p));
      const loadedHere = [...assets].filter((a) => rule.chunk.test(a));
      if (loadedHere.length) seen.add(rule.what);
      if (!allowed && loadedHere.length) leaks.push(`${page} loads ${rule.what}: ${loadedHere.join(', ')}`);
    }
    if (listFiles)
      fileLists.push(
        `${page}:\n` +
          [...assets]
            .filter((a) => a.endsWith('.js'))
            .map((a) => [gzipKb(a), a] as const)
            .sort((x, y) => y[0] - x[0])
            .map(([kb, a]) => `  ${kb.toFixed(1).padStart(5)} ${a}${firstLoad.has(a) ? '' : ' (after load)'}`)
            .join('\n'),
      );
    if (budgeted.has(page))
      for (const a of assets) if (kioskOnly.test(a)) leaks.push(`${page} loads the kiosk's service worker code: ${a}`);
    const over = (budgeted.has(page) && js > BUDGET_KB) || (page === '/check-in' && firstJs > KIOSK_BUDGET_KB);
    failed ||= over;
    rows.push({
      page,
      'first-load JS KB': firstJs.toFixed(1),
      'first-visit JS KB': js.toFixed(1),
      'CSS KB': css.toFixed(1),
      files: assets.size,
      budget: budgeted.has(page)
        ? over
          ? 'OVER'
          : `< ${BUDGET_KB}`
        : page === '/check-in'
          ? over
            ? 'OVER (first load)'
            : `first load < ${KIOSK_BUDGET_KB}`
          : '',
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
for (const list of fileLists) console.log(list);
console.table(rows);
console.log(`Budget: ${BUDGET_KB} KB of first-visit JS (gzip) on every public page.`);
console.log(`Budget: ${KIOSK_BUDGET_KB} KB of first-load JS (gzip) on the check-in kiosk.`);
for (const rule of confinedChunks) console.log(`${rule.what} loads only on: ${rule.pages.join(', ')}`);
for (const rule of confinedChunks)
  if (!chosen.length && !seen.has(rule.what)) leaks.push(`no page loaded ${rule.what}: is the chunk name stale?`);
for (const leak of leaks) console.log(`LEAK ${leak}`);
if (failed || leaks.length) process.exitCode = 1;
