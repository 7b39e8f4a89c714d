import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, mondayOf, todayInLondon } from '../../src/shared/dates';
import { startSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import { expectNoAxeViolations } from './support/axe';
import { PAYING_CARD, bookAndPayOnFirstOpenDate, payByCard } from './support/book-and-pay';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, mailText } from './support/family-mail';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, toastText } from './support/staff';
import { until } from './support/until';

/**
 * Issue 28's whole party journey, as one family and its guests live it, once at a desktop's width (with the
 * VIP Party Discount their loyalty points bought) and once at a phone's (without): a Silver party for 12
 * on a free Saturday slot booked on /party-booking, the deposit paid with the TEST MODE card, the manage
 * link opened from the confirmation mail, two guests invited, one replying from their own mail in a browser
 * of their own (coming, allergic to peanuts), the balance paid, and staff printing the party sheet that
 * shows the allergy on one A4 page. axe runs on every page; the screenshots are for a person to look at.
 */

const ADMIN_PASSWORD = 'e2e admin password 2025';
/** A Saturday at least 8 days ahead, so the balance date (7 days before) is still to come. */
const saturday = (() => {
  let d = londonDatePlus(8);
  while (dayOfWeek(d) !== 6) d = addDays(d, 1);
  return d;
})();
const SLOT = '12:00 PM - 2:30 PM'; // the 2.5-hour midday slot: Silver runs 2.5 hours (issue 38)

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
type Family = {
  width: '1280' | '390';
  viewport: ViewportName;
  parent: { name: string; email: string };
  child: string;
  guests: [string, string];
  guestChild: string;
  /** The VIP Party Discount: 20% off £192 is £38.40, so £153.60 in all and £103.60 after the deposit. */
  vip: boolean;
};

const vipFamily: Family = {
  width: '1280',
  viewport: 'desktop',
  parent: { name: 'Vera Member', email: 'vera.member@example.com' },
  child: 'Isla',
  guests: ['isla.guest.one@example.com', 'isla.guest.two@example.com'],
  guestChild: 'Leo',
  vip: true,
};
const phoneFamily: Family = {
  width: '390',
  viewport: 'phone390',
  parent: { name: 'Sam Phone', email: 'sam.phone@example.com' },
  child: 'Noah',
  guests: ['noah.guest.one@example.com', 'noah.guest.two@example.com'],
  guestChild: 'Ruby',
  vip: false,
};

/** The first link matching `link` in the newest mail to `to` whose subject matches, on the test server's origin. */
function linkIn(received: ReceivedMail[], url: string, to: string, subject: RegExp, link: RegExp) {
  return until(`the mail "${subject.source}" to ${to}`, () => {
    const mail = received.findLast((m) => m.to.toLowerCase() === to && subject.test(m.subject));
    const found = mail ? link.exec(mailText(mail))?.[0] : undefined;
    return found ? `${url}${new URL(found).pathname}${new URL(found).hash}` : undefined;
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

/** Every page of the journey: nothing for axe, nothing wider than the screen, and a screenshot. */
async function lookAt(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, name);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const priceText = (page: Page) => page.getByRole('region', { name: 'Your party' }).innerText();

describe('a party from booking to the printed sheet', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, ADMIN_PASSWORD });
    browser = await launchBrowser();
    // The VIP family joined Play Time Rewards with two paid visits: 20 children (£190) and 7 (£66.50) are
    // 190 + 66 points and the 50-point welcome, 306: enough for the VIP Party Discount (300).
    const dates = Array.from({ length: 6 }, (_, i) => londonDatePlus(7 + i));
    for (const children of [20, 7])
      await bookAndPayOnFirstOpenDate(
        server.url,
        {
          customerName: vipFamily.parent.name,
          customerEmail: vipFamily.parent.email,
          customerPhone: '07700 900123',
          selectedTime: 'morning',
          ticketQuantities: { 'child-1-12': children },
          totalAmount: children * 950,
          loyaltyOptIn: true,
        },
        dates,
      );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  /** On /loyalty, signed in with the mailed code: 300 points swapped for the VIP Party Discount's code. */
  async function redeemVipDiscount(page: Page, f: Family): Promise<string> {
    await page.goto(`${server.url}/loyalty`);
    await page.getByRole('heading', { name: 'Play Time Rewards', level: 1 }).waitFor();
    await confirmEmailOnPage(page, sink.received, {
      idPrefix: 'loyalty',
      email: f.parent.email,
      sendLabel: 'Access My Account',
    });
    await page.getByRole('heading', { name: /^Welcome back, Vera!/, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Redeem VIP Party Discount for 300 points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem VIP Party Discount for 300 points?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toastText(page, 'Reward Redeemed!');
    const code = await page.getByTestId('voucher-code').textContent();
    expect(code).toMatch(/^PTB-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await lookAt(page, `party-journey-${f.width}-0-vip-voucher`);
    return code!;
  }

  /** /party-booking, steps 1 to 4, up to "Continue to payment". */
  async function bookOnline(page: Page, f: Family, voucher: string | null) {
    await page.goto(`${server.url}/party-booking`);
    await stepHeading(page, 'Choose a date and time').waitFor();
    const cell = page.locator(`#book-date-calendar [data-day="${saturday}"]`);
    for (let i = 0; i < 2 && (await cell.count()) === 0; i++)
      await page.getByRole('button', { name: 'Next month', exact: true }).click();
    await expect.poll(() => cell.getByRole('radio').isEnabled()).toBe(true);
    await cell.click();
    const slot = page
      .getByRole('radiogroup', { name: /^Party time on/ })
      .locator('label')
      .filter({ hasText: SLOT });
    // Two party rooms: the desktop family books first, the phone family takes the other room.
    expect(await slot.innerText()).toMatch(/[12] rooms? free/);
    await slot.getByRole('radio').check();
    await lookAt(page, `party-journey-${f.width}-1-date`);
    await page.getByRole('button', { name: 'Continue' }).click();

    await stepHeading(page, 'Choose a package').waitFor();
    const packages = page.getByRole('radiogroup', { name: 'Packages for this time', exact: true });
    await packages.locator('label').filter({ hasText: 'Silver' }).getByRole('radio').check();
    await page.getByLabel('How many children?').selectOption('12');
    await page.getByRole('region', { name: 'Your party' }).getByText('Deposit to pay today').waitFor();
    expect(await priceText(page)).toMatch(/Total\s+£192\.00/);
    await lookAt(page, `party-journey-${f.width}-2-package`);
    await page.getByRole('button', { name: 'Continue' }).click();

    await stepHeading(page, 'The birthday child and food').waitFor();
    await page.getByLabel('Birthday child’s first name').fill(f.child);
    await page.getByLabel('Age they will be').selectOption('6');
    const meals = ['cheese-pizza', 'chicken-nuggets', 'veggie-pasta'];
    for (let i = 1; i <= 12; i++)
      await page.getByLabel(`Child ${i}`, { exact: true }).selectOption(meals[i % meals.length]!);
    await lookAt(page, `party-journey-${f.width}-3-party`);
    await page.getByRole('button', { name: 'Continue' }).click();

    await stepHeading(page, 'Your details').waitFor();
    await page.getByLabel('Your full name').fill(f.parent.name);
    await page.getByLabel('Your email address').fill(f.parent.email);
    await page.getByLabel('Your phone number').fill('07700 900123');
    await page.getByLabel(/I agree to the party terms/).check();
    const field = page.getByLabel(/^VIP Party Discount voucher/);
    if (voucher) {
      // A code that does not exist is said by the field; the price stays the price without it.
      await field.fill('PTB-AAAA-BBBB');
      await page.getByText('We could not find that voucher code', { exact: true }).waitFor();
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      expect(await priceText(page)).toMatch(/Total\s+£192\.00/);
      await lookAt(page, `party-journey-${f.width}-4-voucher-refused`);
      // Typed as a family might, in small letters: the server's discount line shows in the price.
      await field.fill(voucher.toLowerCase());
      await expect.poll(() => priceText(page)).toMatch(/VIP Party Discount \(20% off\)\s+[-−]£38\.40/);
      await expect(field.getAttribute('aria-invalid')).resolves.toBe(null);
      const price = await priceText(page);
      expect(price).toMatch(/Total\s+£153\.60/);
      expect(price).toMatch(/Deposit to pay today\s+£50\.00/);
      expect(price).toMatch(/Balance due by .+\s+£103\.60/);
    } else {
      expect(await field.inputValue()).toBe('');
    }
    await lookAt(page, `party-journey-${f.width}-4-details`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  }

  async function journey(f: Family) {
    const family = await openPage(browser, f.viewport);
    const { page } = family;
    const voucher = f.vip ? await redeemVipDiscount(page, f) : null;

    await bookOnline(page, f, voucher);
    await page.waitForURL(/\/party-booking\/pay\?id=[0-9a-f-]+$/);
    await page.getByText('TEST MODE').waitFor();
    await lookAt(page, `party-journey-${f.width}-5-pay-deposit`);
    await page.getByLabel('Card number').fill(PAYING_CARD);
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill(f.parent.name);
    await page.getByRole('button', { name: 'Pay £50.00 deposit' }).click();

    await page.waitForURL(/\/party-booking\/confirmed\?id=[0-9a-f-]+$/);
    await page.getByRole('heading', { name: `${f.child}’s party is booked` }).waitFor({ timeout: 20_000 });
    const confirmed = await page.locator('main').innerText();
    const reference = /Reference\s+(PTP-\w+)/.exec(confirmed)?.[1];
    expect(reference, confirmed).toBeDefined();
    expect(confirmed).toMatch(/Silver for 12 children/);
    expect(confirmed).toMatch(/Paid\s+£50\.00/);
    expect(confirmed).toMatch(f.vip ? /Balance due\s+£103\.60/ : /Balance due\s+£142\.00/);
    const partyId = new URL(page.url()).searchParams.get('id')!;
    await lookAt(page, `party-journey-${f.width}-6-confirmed`);

    // The manage link from the confirmation mail, in the family's browser.
    const manageLink = await linkIn(
      sink.received,
      server.url,
      f.parent.email,
      /^Party booked:/,
      /https?:\/\/[^\s"<]+\/party\/[0-9a-f-]{36}#t=[^\s"<]+/,
    );
    expect(manageLink).toContain(`/party/${partyId}#t=`);
    await page.goto(manageLink);
    await page.getByRole('heading', { level: 1, name: `${f.child}’s party` }).waitFor();
    await page.waitForURL((u) => u.hash === '');
    await page.getByText(reference!).first().waitFor();
    await lookAt(page, `party-journey-${f.width}-7-manage`);

    // Two guests invited.
    await page.getByLabel('Guests’ e-mail addresses').fill(f.guests.join('\n'));
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitations sent to 2 guests.' }).waitFor();
    const counts = page.getByTestId('invitation-counts');
    await expect(counts.innerText()).resolves.toMatch(/Invited\s+2\s+Coming\s+0\s+Not coming\s+0/);

    // The first guest, from their own mail in a browser of their own: coming, allergic to peanuts.
    const inviteLink = await linkIn(
      sink.received,
      server.url,
      f.guests[0],
      /./, // the subject arrives MIME-encoded: the link tells the invitation apart
      /https?:\/\/[^\s"<]+\/party-invite\/[^\s"<]+/,
    );
    const guest = await openPage(browser, f.viewport);
    await guest.page.goto(inviteLink);
    await guest.page.getByRole('heading', { level: 1, name: `You’re invited to ${f.child}’s party` }).waitFor();
    await expect(guest.page.getByText(f.parent.name).count(), 'no host details').resolves.toBe(0);
    await guest.page.getByLabel('Yes, we’ll be there').check();
    await guest.page.getByLabel('Your child’s first name').fill(f.guestChild);
    await guest.page.getByLabel(/Allergies or dietary needs/).fill('Peanuts');
    await lookAt(guest.page, `party-journey-${f.width}-8-invitation`);
    await guest.page.getByRole('button', { name: 'Send my reply' }).click();
    await guest.page
      .getByTestId('rsvp-answer')
      .filter({ hasText: `${f.guestChild} is coming to ${f.child}’s party.` })
      .waitFor();
    await lookAt(guest.page, `party-journey-${f.width}-9-rsvp-sent`);
    expect(guest.errors).toEqual([]);
    await guest.context.close();

    // The family sees the reply counted (never the guest's details) and pays the balance.
    await page.reload();
    await expect(counts.innerText()).resolves.toMatch(/Invited\s+2\s+Coming\s+1\s+Not coming\s+0/);
    await expect(page.getByText(f.guestChild).count()).resolves.toBe(0);
    await page.getByRole('button', { name: f.vip ? 'Pay £103.60 now' : 'Pay £142.00 now' }).click();
    await page.getByText('TEST MODE').waitFor();
    await lookAt(page, `party-journey-${f.width}-10-pay-balance`);
    await payByCard(page, PAYING_CARD, f.parent.name);
    await page.getByRole('status').filter({ hasText: 'Thank you: the balance is paid.' }).waitFor();
    await expect(page.getByTestId('party-balance').textContent()).resolves.toBe('Paid in full');
    await lookAt(page, `party-journey-${f.width}-11-paid`);
    expect(family.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await family.context.close();

    // Staff: the Parties tab, the party's week, its sheet with the allergy, printed on one A4 page.
    const staff = await openPage(browser, f.viewport);
    await signInStaff(staff.context, server.url, ADMIN_PASSWORD);
    await staff.page.goto(`${server.url}/admin?tab=parties`);
    await staff.page.getByRole('heading', { name: 'Parties', exact: true }).waitFor();
    const weeksAhead = Math.round(
      (Date.parse(mondayOf(saturday)) - Date.parse(mondayOf(todayInLondon(new Date())))) / (7 * 86_400_000),
    );
    for (let i = 0; i < weeksAhead; i++) await staff.page.getByRole('button', { name: 'Next week' }).click();
    const open = staff.page.getByRole('button', { name: new RegExp(`^Open party ${reference}: ${f.child}`) });
    await open.waitFor();
    await lookAt(staff.page, `party-journey-${f.width}-12-staff-week`);
    await open.click();
    await staff.page.getByRole('heading', { name: new RegExp(`${f.child}'s party`) }).waitFor();
    const allergies = staff.page.getByRole('region', { name: 'Allergies and dietary needs' });
    await expect(allergies.textContent()).resolves.toContain(`${f.guestChild}: Peanuts`);
    await expect(staff.page.getByRole('region', { name: 'Guests' }).textContent()).resolves.toContain(
      '1 coming · 0 not coming · 1 no answer (2 invited)',
    );
    const money = await staff.page.getByRole('region', { name: 'Money' }).textContent();
    expect(money).toContain(f.vip ? 'Total £153.60' : 'Total £192.00');
    expect(money).toContain('Paid in full');
    await lookAt(staff.page, `party-journey-${f.width}-13-staff-sheet`);

    await staff.page.emulateMedia({ media: 'print' });
    await expect(staff.page.getByText(`${f.guestChild}: Peanuts`).isVisible()).resolves.toBe(true);
    await screenshot(staff.page, `party-journey-${f.width}-14-sheet-print`);
    // One A4 page: Chromium's PDF of the printed sheet (the allergy shown on it above) has one /Type /Page.
    const pdf = await staff.page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await staff.page.emulateMedia({ media: 'screen' });
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  }

  it('at 1280: a member books Silver for 12 with the VIP Party Discount, and it goes all the way to the sheet', async () => {
    await journey(vipFamily);
  });

  it('at 390: a family books Silver for 12 on a phone, and it goes all the way to the sheet', async () => {
    await journey(phoneFamily);
  });
});
