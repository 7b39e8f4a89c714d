import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../shared/pages';
import { openTestApp } from '../testing/test-app';

describe('web pages, headers and health', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'webroot-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<html><head><title>x</title><meta name="description" content="y" /></head><body></body></html>');
    const js = 'console.log("hello");'.repeat(100);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), js);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *\n');
    t = await openTestApp('pglite', { webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves each known page with its own title and description', async () => {
    for (const meta of pages.slice(0, 4)) {
      const res = await t.app.inject({ method: 'GET', url: meta.path });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${meta.title.replace(/&/g, '&amp;')}</title>`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an unknown page with the app and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page Not Found');
  });

  it('sends compressed HTML and pre-compressed hashed assets with long caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sets strict security headers and no x-powered-by', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined(); // only in production
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ok: true });
  });
});
