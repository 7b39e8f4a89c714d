import { launchBrowser } from '../tests/e2e/support/browser';
import { startBuiltServer } from './lib/built-server';
const s = await startBuiltServer({});
const browser = await launchBrowser();
const paths = [
  '/payment',
  '/booking-success',
  '/party-booking/pay',
  '/party-booking/confirmed',
  '/my-bookings',
  '/my-bookings/family',
  '/my-bookings/memberships',
  '/party/abc',
  '/gift-vouchers',
  '/memberships',
];
try {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: width === 390 ? 844 : 900 },
    });
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(s.url + p);
      await page.screenshot({
        path: `/tmp/wt47-shots/${p.slice(1).replaceAll('/', '_')}-${width}.png`,
        fullPage: true,
      });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await s.stop();
}
