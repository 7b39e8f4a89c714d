import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing/test-app';

// A stand-in for dist/prerender/prerender.js (the real one is built by `vite build --ssr`, and the
// e2e suite checks its output): text with a `$&` in it, and a page whose render throws.
const prerenderer = `
export async function renderPage(pathname) {
  if (pathname === '/menu') throw new Error('window is not defined');
  return '<h1>First view of ' + pathname + ' for $& 5</h1>';
}`;

describe('prerendered first views', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let base: string;
  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(base, 'web', '.vite'), { recursive: true });
    mkdirSync(path.join(base, 'prerender'));
    writeFileSync(path.join(base, 'prerender', 'prerender.js'), prerenderer);
    writeFileSync(
      path.join(base, 'web', 'index.html'),
      '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(base, 'web', 'assets'));
    writeFileSync(path.join(base, 'web', 'assets', 'index-1.css'), 'p{color:red}');
    const manifest = {
      'features/booking/booking-page.tsx': { file: 'assets/booking-page-1.js' },
      'boot.tsx': { file: 'assets/boot-1.js' },
    };
    writeFileSync(path.join(base, 'web', '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await openTestApp('pglite', { webRoot: path.join(base, 'web') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('sends a public page with its first view in #root, marked as prerendered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/booking' });
    expect(res.body).toContain(
      '<div id="root" data-prerendered><h1>First view of /booking for $& 5</h1><span id="first-view-end" hidden></span></div>',
    );
  });

  it('paints from the HTML alone: stylesheet inlined, scripts at low priority, paint held for the whole view', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/booking' });
    expect(res.body).toContain('<style>p{color:red}</style>');
    // Kept, disabled (never fetched), so the app's chunk loader knows the sheet is there.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>');
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(res.body).toContain('<link rel="expect" href="#first-view-end" blocking="render" />');
    // A staff screen (no first view) keeps the cached stylesheet and its script's usual priority.
    const admin = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(admin.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(admin.body).not.toContain('fetchpriority="low" crossorigin src=');
  });

  it('preloads nothing on a prerendered page (its entry loads the app after the paint), the rest up front', async () => {
    const booking = await t.app.inject({ method: 'GET', url: '/booking' });
    expect(booking.body).not.toContain('rel="modulepreload"');
    const admin = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(admin.body).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-1.js" />');
  });

  it('leaves the staff screens empty for the browser to render', async () => {
    for (const url of ['/admin', '/check-in']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("sends every public page drawn from the visitor's data with its frame prerendered (issue 47)", async () => {
    for (const url of ['/payment', '/booking-success', '/party-booking/pay', '/my-bookings/family', '/memberships']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(`<div id="root" data-prerendered><h1>First view of ${url} for`);
    }
  });

  it('serves the frame of a page with a path parameter, rendered once at its pattern, for any value', async () => {
    for (const url of ['/party/3f0c6a52-1d2e-4b7a-9c1f-0a1b2c3d4e5f', '/party/anything']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root" data-prerendered><h1>First view of /party/:id for');
    }
  });

  it('serves a page whose prerender failed without a first view, as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/menu' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
