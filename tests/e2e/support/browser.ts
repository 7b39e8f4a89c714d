import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const viewports = {
  phone: { width: 360, height: 780 },
  /** The staff screens' phone screenshots: 390 px, an iPhone 12-15. */
  phone390: { width: 390, height: 844 },
  /** An iPad Air held upright: the check-in kiosk's tablet. */
  tablet: { width: 820, height: 1180 },
  /** The counter till's tablet on its side (issue 48): touch first at 1024 x 768. */
  till: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Chromium as every e2e file uses it; `args` adds switches (say, a fake camera) to the usual ones. */
export function launchBrowser(opts: { args?: string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...(opts.args ?? [])], headless: true });
}

export async function newPage(
  browser: Browser,
  viewport: ViewportName,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  waitForLiveApp(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * The server sends public pages with their first view prerendered; buttons do nothing until React
 * has taken it over. So every goto and reload here also waits until the app is live, as a person
 * would wait for a page to finish loading, instead of clicking dead HTML.
 */
export function waitForLiveApp(page: Page) {
  // Pages the server renders itself (no #root) are live at once.
  const live = () => page.waitForSelector('#root[data-prerendered]', { state: 'detached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

export const screenshotDir = path.resolve('test-results/screenshots');

/** Saves a full-page screenshot as test-results/screenshots/NAME.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A page that fails fast: a step waiting over 30 s is a failure, not a slow pass. */
export async function openPage(browser: Browser, viewport: ViewportName) {
  const opened = await newPage(browser, viewport);
  // 30 s per step: on a loaded CI machine a phone journey once needed more than 15 s for one step.
  opened.page.setDefaultTimeout(30_000);
  return opened;
}
