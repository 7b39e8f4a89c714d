import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { useSharedServerAndBrowser } from './support/suite';

describe('unknown paths', () => {
  const suite = useSharedServerAndBrowser();

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows Page Not Found with a way home (${viewport})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, viewport);
      const res = await page.goto(`${suite.server.url}/no-such-page`);
      expect(res?.status()).toBe(404);
      await expect(page.title()).resolves.toMatch(/Page Not Found/);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `404-${viewport}`);
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${suite.server.url}/`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('answers unknown API paths with JSON 404', async () => {
    const res = await fetch(`${suite.server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});
