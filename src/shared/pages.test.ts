import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pages } from './pages';

const webRoot = new URL('../web/', import.meta.url);

describe('the page list the server serves', () => {
  it('names modules that exist, so their chunks can be preloaded', () => {
    for (const page of pages)
      for (const m of page.modules ?? []) expect(existsSync(new URL(m, webRoot)), `${page.path}: ${m}`).toBe(true);
  });

  it('lists every client route, so none answers 404 from the server', () => {
    const routes = readFileSync(new URL('app/app-routes.tsx', webRoot), 'utf8');
    // The router's table (routeModules): each path once, as a quoted key.
    const paths = [...routes.matchAll(/^ {2}'(\/[^']*)': \[/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(3);
    for (const p of paths)
      expect(
        pages.map((x) => x.path),
        p,
      ).toContain(p);
  });

  it('gives every page its own title and a description', () => {
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    for (const p of pages) expect(p.description.length, p.path).toBeGreaterThan(20);
  });
});
