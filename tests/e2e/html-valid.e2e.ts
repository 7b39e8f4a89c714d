import { HtmlValidate } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import { pages } from '../../src/shared/pages';

// html-validate's standard preset, with no rule turned off: every page passes it as served.
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** Each message as `rule: message (line:column)`, so a failure says what to fix. */
async function problems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column})`));
}

/**
 * The HTML each page is served with is valid: for a public page that is its prerendered first view,
 * which the browser paints before any script runs; for the others, the empty shell.
 */
describe('served HTML is valid', () => {
  // It only reads: the run's shared server (support/global-setup.ts).
  const server = { url: inject('sharedServerUrl') };

  it('finds a real error (the check itself works)', async () => {
    const html = '<!doctype html><html lang="en"><head><title>x</title></head><body><p id="a b">x</p></body></html>';
    expect(await problems(html, 'broken')).toContainEqual(
      expect.stringMatching(/^valid-id: element id "a b" must not contain whitespace/),
    );
  });

  for (const page of pages) {
    it(`${page.path}${page.prerender ? ' (prerendered)' : ''}`, async () => {
      const res = await fetch(`${server.url}${page.path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      if (page.prerender) expect(html).toContain('data-prerendered');
      expect(await problems(html, page.path)).toEqual([]);
    });
  }

  it('the 404 page', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await problems(await res.text(), '404')).toEqual([]);
  });
});
