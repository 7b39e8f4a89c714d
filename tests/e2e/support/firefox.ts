import { mkdirSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { screenshotDir, viewports } from './browser';

/**
 * The second engine: Debian's firefox-esr driven through WebDriver BiDi by puppeteer-core
 * (playwright-core can only drive its own patched Firefox builds, which cannot be downloaded here).
 */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Added to puppeteer's own test profile, which already turns off updates, telemetry uploads and safe
 * browsing: these stop the remaining background requests, so the browser talks to 127.0.0.1 only.
 */
const quietPrefs = {
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.trr.mode': 5, // no DNS over HTTPS
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  'browser.search.geoip.url': '',
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.server': '',
  'extensions.blocklist.enabled': false,
  'security.OCSP.enabled': 0,
  'security.remote_settings.crlite_filters.enabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'browser.newtabpage.activity-stream.feeds.topsites': false,
  // The Chromium tests run with reduced motion too: no smooth scrolling or transitions to wait for.
  'ui.prefersReducedMotion': 1,
};

/** One Firefox per test file: it takes several seconds to start. */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: quietPrefs,
  });
}

export type FirefoxPage = { page: Page; errors: string[]; close: () => Promise<void> };

/**
 * A page in its own browser context (its own cookies and storage, like a fresh device), failing fast
 * (a step waiting over 15 s is a failure) and collecting uncaught errors and console errors.
 */
export async function openFirefoxPage(
  browser: Browser,
  viewport: keyof typeof viewports | { width: number; height: number },
): Promise<FirefoxPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(typeof viewport === 'string' ? viewports[viewport] : viewport);
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}

/**
 * Opens a URL and waits until React has replaced the prerendered first view (buttons do nothing
 * before that), as the Chromium helper's goto does.
 */
export async function gotoLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('#root[data-prerendered]', { hidden: true });
}

/** Selects the element with this ARIA role and exact accessible name (Firefox names labels too, so give the role). */
export const byRole = (role: string, name?: string) =>
  name === undefined ? `::-p-aria([role="${role}"])` : `::-p-aria([name="${name}"][role="${role}"])`;

/**
 * The form control a visible label names (its `control`). For the fields the accessibility tree gives
 * no "textbox" role in Firefox, such as a password field.
 */
export async function fieldLabelled(page: Page, label: string) {
  const handle = await page.waitForFunction(
    (text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text && l.control)?.control,
    {},
    label,
  );
  return (handle as ElementHandle<HTMLElement>).asLocator();
}

/** Waits until the element is in the page and visible. */
export const visible = (page: Page, selector: string) => page.waitForSelector(selector, { visible: true });

/**
 * Saves a screenshot as test-results/screenshots/firefox-NAME.png: the full page, or with
 * `fullPage: false` what the visitor sees right now (an open menu is fixed to the viewport).
 */
export async function firefoxScreenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `firefox-${name}.png`) as `${string}.png`;
  await page.screenshot({ path: file, fullPage });
  return file;
}
