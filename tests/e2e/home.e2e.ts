import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import type { PublicCatalogue } from '../../src/shared/catalogue';
import { openDatabase } from '../../src/server/db/client';
import { inquiries } from '../../src/server/db/schema';
import { axeViolations, describeViolations } from './support/axe';
import { launchBrowser, newPage, screenshot, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { expectFocused } from './support/keyboard';

const sectionHeadings = [
  'Welcome to Play Time Barn',
  'Activities & Play Zones',
  'Simple, Family-Friendly Prices',
  'Play Time Rewards',
  'Come and Play With Us!',
  'Quick Links',
];

/** Top of a section relative to the viewport: near 0 once an in-page link has scrolled to it. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
const expectScrolledTo = (page: Page, id: string) =>
  expect.poll(() => sectionTop(page, id), { timeout: 5000 }).toBeLessThan(120);

/** What the visitor sees right now (the toast is fixed to the viewport, so not a full-page shot). */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });

async function openHome(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Quick Links' }).waitFor();
}

describe('home page', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // No Facebook credentials: the social card must show its Demo Mode state.
    server = await startServer({ FACEBOOK_PAGE_ID: '', FACEBOOK_ACCESS_TOKEN: '' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows every section, accessibly, with no console errors (${viewport})`, async () => {
      const { page, context, errors } = await newPage(browser, viewport);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await openHome(page, server.url);
      await expect(page.title()).resolves.toMatch(/Play Time Barn/);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Big adventures/i);
      // The sections below the fold come with their own chunk, a moment after the page is live.
      for (const name of sectionHeadings) await page.getByRole('heading', { name, exact: true }).waitFor();
      expect(await page.locator('main').count()).toBe(1);
      // Nothing sticks out sideways (a 360 px phone must not scroll horizontally).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => window.innerWidth),
      );
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
      await page.getByText('Demo Mode', { exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Facebook Updates' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: /See all updates/ }).getAttribute('href')).toBe('/facebook-feed');
      expect(await page.getByText(`© ${new Date().getFullYear()} Play Time Barn`).isVisible()).toBe(true);
      // The privacy notice is a real page; the other placeholders are text, not links that go nowhere.
      expect(
        await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).getAttribute('href'),
      ).toBe('/privacy');
      for (const text of ['Terms & Conditions', 'Health & Safety']) {
        expect(await page.getByRole('link', { name: text }).count(), text).toBe(0);
        expect(await page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
      }
      // Social pages with an address are real links opening a new tab; those without are text.
      const { venue } = (await (await fetch(`${server.url}/api/catalogue`)).json()) as PublicCatalogue;
      for (const social of venue.social) {
        const links = page.getByRole('link', { name: new RegExp(`^${social.name}`) });
        if (!social.href) expect(await links.count(), social.name).toBe(0);
        else for (const link of await links.all()) expect(await link.getAttribute('href')).toBe(social.href);
      }
      expect(await page.locator('a[href="#"], a:not([href])').count()).toBe(0);

      // The contact form (zod and all) is not part of the first load; it arrives near the section.
      expect(scripts.some((s) => /contact-form-/.test(s))).toBe(false);
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
      expect(scripts.some((s) => /contact-form-/.test(s))).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));

      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `home-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('opens and closes the mobile menu, whose links scroll to their section (phone)', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    await openHome(page, server.url);
    const menu = page.locator('#mobile-menu');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('link', { name: 'Bulk Credits' }).isVisible()).toBe(true);
    await viewportShot(page, 'home-phone-menu');
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    await expectFocused(page.getByRole('button', { name: 'Open menu' }));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    expect(await menu.isVisible()).toBe(false);
    await expectScrolledTo(page, 'pricing');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Rewards' }).click();
    await page.waitForURL(`${server.url}/loyalty`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls to sections from the desktop navigation', async () => {
    const { page, context, errors } = await newPage(browser, 'desktop');
    await openHome(page, server.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    for (const [label, id] of [
      ['Activities', 'activities'],
      ['Contact', 'contact'],
      ['About', 'about'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectScrolledTo(page, id);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expectScrolledTo(page, 'pricing');
    expect(await nav.getByRole('link', { name: 'Book Now' }).getAttribute('href')).toBe('/booking');
    expect(await nav.getByRole('link', { name: 'Menu', exact: true }).getAttribute('href')).toBe('/menu');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hero buttons and tiles take the visitor where they say', async () => {
    const { page, context, errors } = await newPage(browser, 'desktop');
    await openHome(page, server.url);
    const hero = page.locator('#home');
    for (const [name, path] of [
      ['Book Your Adventure', '/booking'],
      ['Cafe Menu', '/menu'],
      [/Birthday Parties/, '/party-booking'],
      [/Cafe Menu Food/, '/menu'],
    ] as const) {
      await hero.getByRole('link', { name, exact: typeof name === 'string' }).click();
      await page.waitForURL(`${server.url}${path}`);
      await page.goBack();
      await hero.getByRole('link', { name: 'View Prices' }).waitFor();
    }
    await hero.getByRole('link', { name: 'View Prices' }).click();
    await expectScrolledTo(page, 'pricing');
    await hero.getByRole('link', { name: /Ages 0-12/ }).click();
    await expectScrolledTo(page, 'activities');
    await hero.getByRole('link', { name: /Free Parking/ }).click();
    await expectScrolledTo(page, 'contact');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a spinner, then the latest post, when the venue has one', async () => {
    const { page, context, errors } = await newPage(browser, 'phone');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/facebook/latest', async (route) => {
      await held;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          hasCredentials: true,
          post: {
            text: 'Half-term ninja challenge this Friday!',
            timeAgo: '3h ago',
            likes: 42,
            comments: 7,
            shares: 3,
          },
        }),
      });
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('status').filter({ hasText: 'Loading the latest news...' }).waitFor();
    release();
    await page.getByText('Half-term ninja challenge this Friday!').waitFor();
    const card = page.getByRole('article', { name: 'Latest from Facebook' });
    const text = await card.innerText();
    for (const part of ['3h ago', '42', '7', '3']) expect(text).toContain(part);
    expect(await page.getByText('Demo Mode').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends each public page with its first view, which paints without JavaScript and which the live app adopts', async () => {
    for (const [url, heading] of [
      ['/', /Big adventures/],
      ['/booking', /Book/],
      ['/menu', /Menu/i],
      ['/session-credits', /Credits/i],
    ] as const) {
      const html = await (await fetch(`${server.url}${url}`)).text();
      expect(html, url).toContain('<div id="root" data-prerendered>');
      // With scripts off, a visitor still sees the page's heading (a phone on a slow line sees it first).
      const context = await browser.newContext({ javaScriptEnabled: false });
      const still = await context.newPage();
      await still.goto(`${server.url}${url}`);
      await expect(still.getByRole('heading', { level: 1 }).innerText(), url).resolves.toMatch(heading);
      await context.close();
    }
    const { page, context, errors } = await newPage(browser, 'phone');
    // The heading the server sent, kept before any script runs: hydration keeps that very node,
    // a fresh render would have put a new one in its place.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
      }),
    );
    const sameHeading = () =>
      page.evaluate(() => {
        const first = (window as unknown as { firstH1: Element | null }).firstH1;
        return first !== null && first === document.querySelector('h1') && first.isConnected;
      });
    await page.goto(`${server.url}/booking`); // waits until React has taken over the first view
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await sameHeading()).toBe(true);
    await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
    await page.getByRole('button', { name: 'Continue to Booking' }).waitFor();
    // With a query string the prerender cannot know, the page is rendered afresh instead, cleanly.
    await page.goto(`${server.url}/menu?tab=drinks`);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await sameHeading()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('contact form', () => {
    const visitor = {
      name: 'Ada Parent',
      email: 'ada@example.com',
      phone: '07700 900123',
      message: 'Can we book a party for 12 on a Saturday?',
    };

    async function openForm(viewport: 'phone' | 'desktop' = 'phone') {
      const opened = await newPage(browser, viewport);
      await openHome(opened.page, server.url);
      await opened.page.locator('#contact').scrollIntoViewIfNeeded();
      await opened.page.getByRole('button', { name: 'Send Message' }).waitFor();
      return opened;
    }
    async function fill(page: Page) {
      await page.getByLabel('Your name').fill(visitor.name);
      await page.getByLabel('Email address').fill(visitor.email);
      await page.getByLabel('Phone number').fill(visitor.phone);
      await page.getByLabel('What is it about?').selectOption({ label: 'Birthday Party Booking' });
      await page.getByLabel('Your message').fill(visitor.message);
    }
    const toastText = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

    it('refuses an empty form with the spec notice and sends nothing', async () => {
      const { page, context, errors } = await openForm();
      const posts: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
      expect(await page.getByLabel('Email address').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Your message').getAttribute('rows')).toBe('4');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toastText(page, 'Please fill in all required fields').waitFor();
      expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Your name').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBeNull();
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await viewportShot(page, 'home-contact-invalid');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('keeps the values and says why when the server fails', async () => {
      const { page, context, errors } = await openForm('desktop');
      await page.route('**/api/contact', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
          }),
        }),
      );
      await fill(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toastText(page, 'Error sending message').waitFor();
      expect(await toastText(page, 'Something went wrong on our side').isVisible()).toBe(true);
      expect(await page.getByLabel('Your name').inputValue()).toBe(visitor.name);
      expect(await page.getByLabel('Your message').inputValue()).toBe(visitor.message);
      expect(await page.getByLabel('What is it about?').inputValue()).toBe('birthday');

      // No answer at all (network down): the generic advice.
      await page.unroute('**/api/contact');
      await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Send Message' }).click();
      await toastText(page, 'Please try again later.').waitFor();
      expect(await page.getByLabel('Email address').inputValue()).toBe(visitor.email);
      expect(errors.filter((e) => !/status of 500|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
      await context.close();
    });

    it('sends a valid message, shows Sending..., then the success notice and clears the form', async () => {
      const { page, context, errors } = await openForm();
      // Hold the request a moment so the sending state can be seen.
      await page.route('**/api/contact', async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await fill(page);
      await page.getByRole('button', { name: 'Send Message' }).click();
      const sending = page.getByRole('button', { name: 'Sending...' });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      await toastText(page, 'Message sent successfully!').waitFor();
      expect(await toastText(page, "We'll get back to you soon.").isVisible()).toBe(true);
      for (const label of ['Your name', 'Email address', 'Phone number', 'What is it about?', 'Your message']) {
        expect(await page.getByLabel(label).inputValue(), label).toBe('');
      }
      expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
      await viewportShot(page, 'home-contact-sent');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('keeps the sent inquiry in the database across a restart', async () => {
      await server.restart();
      expect((await fetch(`${server.url}/readyz`)).ok).toBe(true);
      await server.halt(); // PGlite is single-process: read the data directory once the server is down.
      const database = await openDatabase({ dataDir: server.dataDir });
      try {
        const all = await database.db.select().from(inquiries);
        expect(all).toHaveLength(1); // the empty and failed submissions stored nothing
        const [row] = await database.db.select().from(inquiries).where(eq(inquiries.email, visitor.email));
        expect(row).toMatchObject({
          source: 'contact',
          name: visitor.name,
          phone: visitor.phone,
          inquiryType: 'birthday',
          message: visitor.message,
        });
      } finally {
        await database.close();
      }
    });
  });
});
