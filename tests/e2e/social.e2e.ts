import { describe, expect, it } from 'vitest';
import type { NoticePost, PublicCatalogue } from '../../src/shared/catalogue';
import { addDays, daysBetween } from '../../src/shared/dates';
import { axeViolations, describeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { useSharedServerAndBrowser } from './support/suite';

/** The board's order, said again here: pinned first, then the newest. */
const boardOrder = (posts: NoticePost[]) =>
  [...posts].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishFrom.localeCompare(a.publishFrom));
const ageOn = (publishFrom: string, today: string) => {
  const days = daysBetween(publishFrom, today);
  return days <= 0 ? 'Today' : `${days}d ago`;
};

describe('notice board', () => {
  const suite = useSharedServerAndBrowser();
  const catalogue = async () => (await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue;

  it("sends the catalogue's posts in its first view, dated but not aged (the clock is the browser's)", async () => {
    const { posts } = await catalogue();
    const html = await (await fetch(`${suite.server.url}/facebook-feed`)).text();
    expect(html).toContain('data-prerendered');
    for (const post of posts) {
      // React writes the attribute as dateTime; HTML reads attribute names in any case.
      expect(html.toLowerCase()).toContain(`datetime="${post.publishFrom}"`);
      expect(html).toContain(`id="post-${post.id}"`);
    }
    expect(html).not.toContain('data-testid="post-age"');
  });

  // The seed's posts are dated from the day the server first started; the browser's clock is that day, then later.
  for (const [viewport, daysLater] of [
    ['phone', 0],
    ['desktop', 3],
  ] as const) {
    it(`shows the posts, pinned first and aged from the browser's day, +${daysLater} days (${viewport})`, async () => {
      const { venue, openingHours, posts: all, day } = await catalogue();
      const posts = boardOrder(all);
      expect(posts.length).toBeGreaterThan(0);
      const today = addDays(day, daysLater);
      const { page, context, errors } = await newPage(suite.browser, viewport);
      // Nothing may leave the machine: any request off 127.0.0.1 fails the test.
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(suite.server.url) && !r.url().startsWith('data:')) outside.push(r.url());
      });
      await page.clock.setFixedTime(new Date(`${today}T12:00:00Z`));
      const res = await page.goto(`${suite.server.url}/facebook-feed`);
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toMatch(/Notice Board/);
      await page.getByRole('heading', { level: 1, name: 'Notice Board' }).waitFor();
      await page.getByText('Connected to Facebook').waitFor();

      const cards = page.getByTestId('news-post');
      expect(await cards.count()).toBe(posts.length);
      expect(await cards.locator('h2').allTextContents()).toEqual(posts.map((p) => p.title));
      await expect
        .poll(() => page.getByTestId('post-age').allTextContents())
        .toEqual(posts.map((p) => ageOn(p.publishFrom, today)));
      expect(
        await page.getByTestId('post-date').evaluateAll((els) => els.map((el) => el.getAttribute('datetime'))),
      ).toEqual(posts.map((p) => p.publishFrom));
      const newest = posts.reduce((n, p) => (p.publishFrom > n.publishFrom ? p : n));
      const flags = await cards.evaluateAll((els) =>
        els.map((el) => ({
          isNew: el.querySelector('[data-testid="new-flag"]')?.textContent ?? null,
          pinned: el.querySelector('[data-testid="pinned-flag"]')?.textContent ?? null,
        })),
      );
      expect(flags).toEqual(
        posts.map((p) => ({ isNew: p === newest ? 'New' : null, pinned: p.pinned ? 'Pinned' : null })),
      );
      // The posts are the venue's own: no like, comment or share counts are made up for them.
      for (const text of await cards.allTextContents()) expect(text).not.toMatch(/\d+\s*(likes|comments|shares)/);
      const hours = openingHours.days[0]!.hours;
      await expect(page.getByText(`Open ${hours} daily`).first().isVisible()).resolves.toBe(true);

      const facebookHref = venue.social.find((s) => s.name === 'Facebook')!.href!;
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
