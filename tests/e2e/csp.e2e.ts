import { describe, expect, it } from 'vitest';
import { pages } from '../../src/shared/pages';
import { newPage } from './support/browser';
import { useSharedServerAndBrowser } from './support/suite';

/**
 * Every page runs under the strict Content-Security-Policy without a single violation (a violation
 * means something is blocked for families, and Lighthouse marks it down).
 */
describe('content security policy', () => {
  const suite = useSharedServerAndBrowser();

  it('no page triggers a CSP violation', async () => {
    const { page, context } = await newPage(suite.browser, 'phone');
    await page.addInitScript(() => {
      const w = window as unknown as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const found: string[] = [];
    for (const { path } of pages) {
      await page.goto(`${suite.server.url}${path}`, { waitUntil: 'networkidle' });
      // Reach the lazily loaded parts too: the bottom of long pages, where forms load.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const v = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      found.push(...v.map((x) => `${path}: ${x}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
