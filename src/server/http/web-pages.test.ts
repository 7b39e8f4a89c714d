import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../shared/pages';
import { buildApp } from '../app';
import { testConfig } from '../testing/test-config';
import { openDatabase } from '../db/client';
import { createStripeProvider } from '../payments/stripe-provider';
import { openTestApp } from '../testing/test-app';

describe('web pages, headers and health', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'webroot-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><title>x</title><meta name="description" content="y" /></head><body></body></html>',
    );
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

  it('serves each known page with its own title and description, naming the venue from the catalogue', async () => {
    expect(pages[0]!.title).toContain('{venue}');
    for (const meta of pages.slice(0, 4)) {
      const res = await t.app.inject({ method: 'GET', url: meta.path });
      expect(res.statusCode).toBe(200);
      const title = meta.title.replace('{venue}', 'Play Time Barn').replace('{town}', 'Bridgwater');
      expect(res.body).toContain(`<title>${title.replace('{county}', 'Somerset').replace(/&/g, '&amp;')}</title>`);
      expect(res.body).not.toMatch(/\{(venue|town|county|packages)\}/);
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
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
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

  it("allows exactly Stripe's documented origins for Stripe.js and the Payment Element", async () => {
    for (const url of ['/', '/booking', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      // docs.stripe.com/security/guide "Content Security Policy" (maps.googleapis.com is for the Address Element, unused).
      expect(csp['script-src'], url).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
      expect(csp['frame-src']).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests']).toBeUndefined(); // production only
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('gives JSON answers a policy that allows nothing: they are never documents', async () => {
    for (const url of ['/api/ticket-types', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ok: true });
  });
});

/** A CSP header as { directive: sources }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers in production', () => {
  it('adds HSTS and upgrade-insecure-requests with the Stripe provider, and refuses the test provider', async () => {
    const production = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    };
    // Production refuses the TEST MODE provider, so the Stripe one is injected (never called: no payment here).
    const stripe = createStripeProvider(
      { STRIPE_SECRET_KEY: 'sk_test_headers' },
      { apiBaseUrl: 'http://127.0.0.1:9', timeoutMs: 100 },
    );
    const t = await openTestApp('pglite', { config: production, payments: stripe });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_headers' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-powered-by']).toBeUndefined();
      const page = await t.app.inject({ method: 'GET', url: '/booking' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
    const database = await openDatabase({});
    try {
      await expect(buildApp({ db: database.db, config: testConfig({ NODE_ENV: 'production' }) })).rejects.toThrow(
        /Refusing to start/,
      );
    } finally {
      await database.close();
    }
  });
});
