import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { reportedPages } from '../../scripts/lib/built-server';
import { newPage, type ViewportName } from './support/browser';
import { useSharedServerAndBrowser } from './support/suite';

/**
 * Nothing on a public page jumps as it loads (Lighthouse's Cumulative Layout Shift, a quarter of its
 * performance score): a section drawn in the browser keeps, from the first paint, the space it will take.
 * Every layout shift the browser reports from navigation until the page has been live and idle for a second
 * is added up, at phone and desktop width; the elements that moved are named when it fails.
 */
const MAX_SHIFT = 0.02;

/**
 * The pages drawn from the visitor's data (issue 47), opened as a new visitor would: their prerendered frame,
 * then the page itself (a sign-in form, a "not found" notice, the plans) must land without moving it.
 * (/party/:id is left out: without a real party's link its API answers 4xx, which the browser logs as an error.)
 */
const framedPages = [
  '/payment',
  '/booking-success',
  '/party-booking/pay',
  '/party-booking/confirmed',
  '/my-bookings',
  '/my-bookings/family',
  '/my-bookings/memberships',
  '/gift-vouchers',
  '/memberships',
];
const measured = [...reportedPages, ...framedPages];

type Shift = { value: number; moved: string[] };

describe('layout shift while public pages load', () => {
  const suite = useSharedServerAndBrowser();

  it.each(['phone390', 'desktop'] satisfies ViewportName[])(
    `adds up to at most ${MAX_SHIFT} on every public page at %s width`,
    async (viewport) => {
      const totals: Record<string, { total: number; shifts: Shift[] }> = {};
      // Three pages at a time, each in its own context: a load mostly waits (network idle, then a second idle).
      const atOnce = pLimit(3);
      const measure = async (path: string) => {
        const { page, context, errors } = await newPage(suite.browser, viewport);
        await page.addInitScript(() => {
          const seen: Shift[] = [];
          (window as unknown as { __shifts: Shift[] }).__shifts = seen;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null }[];
            }[]) {
              if (entry.hadRecentInput) continue;
              const moved = (entry.sources ?? []).map((s) => {
                const el = s.node instanceof Element ? s.node : s.node?.parentElement;
                return el
                  ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`
                  : '?';
              });
              seen.push({ value: entry.value, moved });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${suite.server.url}${path}`); // waits until the app is live
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_000);
        const shifts = (await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)) ?? [];
        totals[path] = { total: shifts.reduce((s, x) => s + x.value, 0), shifts };
        expect(errors, path).toEqual([]);
        await context.close();
      };
      await Promise.all(measured.map((path) => atOnce(() => measure(path))));
      console.log(
        `layout shift at ${viewport}: ${Object.entries(totals)
          .map(([p, t]) => `${p} ${t.total.toFixed(3)}`)
          .join(', ')}`,
      );
      const over = Object.entries(totals).filter(([, t]) => t.total > MAX_SHIFT);
      expect(over, JSON.stringify(over, null, 1)).toEqual([]);
      expect(Object.keys(totals)).toHaveLength(measured.length);
    },
    180_000,
  );
});
