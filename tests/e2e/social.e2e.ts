import { describe, expect, it } from 'vitest';
import { openingHours, venue } from '../../src/shared/venue';
import { axeViolations, describeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';

const hour = 3_600_000;
const day = 24 * hour;
// What the five fixed posts are: 30 minutes, 5 hours, 1, 3 and 7 days before now.
const offsets = [0.5 * hour, 5 * hour, day, 3 * day, 7 * day];
const ages = ['Just now', '5h ago', '1d ago', '3d ago', '7d ago'];
const facebookHref = venue.social.find((s) => s.name === 'Facebook')!.href!;

describe('notice board', () => {
  const suite = useServerAndBrowser();

  const clocks = [
    ['phone', new Date('2026-03-14T12:00:00Z')],
    ['desktop', new Date('2026-07-01T08:15:30Z')],
  ] as const;

  for (const [viewport, now] of clocks) {
    it(`shows five posts aged from a fixed clock, ${now.toISOString()} (${viewport})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, viewport);
      // Nothing may leave the machine: any request off 127.0.0.1 fails the test.
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(suite.server.url) && !r.url().startsWith('data:')) outside.push(r.url());
      });
      await page.clock.setFixedTime(now);
      const res = await page.goto(`${suite.server.url}/facebook-feed`);
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toMatch(/Notice Board/);
      await page.getByRole('heading', { level: 1, name: 'Notice Board' }).waitFor();
      await page.getByText('Connected to Facebook').waitFor();

      const posts = page.getByTestId('news-post');
      expect(await posts.count()).toBe(5);
      expect(await page.getByTestId('post-age').allTextContents()).toEqual(ages);
      const stamps = await page
        .getByTestId('post-age')
        .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
      expect(stamps).toEqual(offsets.map((ms) => new Date(now.getTime() - ms).toISOString()));
      const flagged = await posts.evaluateAll((els) =>
        els.map((el) => el.querySelector('[data-testid="new-flag"]')?.textContent ?? null),
      );
      expect(flagged).toEqual(['New', null, null, null, null]);
      for (const text of await posts.allTextContents()) expect(text).toMatch(/\d+ likes.*\d+ comments.*\d+ shares/);
      await expect(page.getByText(`Open ${openingHours.days[0].hours} daily`).first().isVisible()).resolves.toBe(true);

      for (const name of [/Follow Us on Facebook/, /View Our Facebook Page/]) {
        const link = page.getByRole('link', { name });
        expect(await link.getAttribute('href')).toBe(facebookHref);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      }

      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `notice-board-${viewport}`);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL(`${suite.server.url}/`);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
      await context.close();
    });
  }
});
