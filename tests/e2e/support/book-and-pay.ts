import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Booking and paying as a family does, for the e2e files that need a paid booking: through the real
 * /booking and /payment pages (step by step, so a journey can look at each step), or straight through the
 * same API the pages call when the booking is only the set-up. Payment is always the TEST MODE card form.
 */

/** The TEST MODE provider's cards: one that pays and one that is declined. */
export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export type Customer = { name: string; phone: string; email: string };

/** Step 1 of /booking: adds each ticket type (by its title) `n` times and continues to the details step. */
export async function chooseTickets(page: Page, url: string, picks: Record<string, number>) {
  await page.goto(`${url}/booking`);
  await page.getByRole('heading', { name: 'Choose Your Tickets' }).waitFor();
  for (const [title, n] of Object.entries(picks)) {
    for (let i = 0; i < n; i++) await page.getByRole('button', { name: `Add one ${title}` }).click();
  }
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
}

/** Step 2's contact fields (inside its form: the session credits card has an e-mail field of its own). */
export async function fillCustomer(page: Page, customer: Customer) {
  const details = page.locator('form', { has: page.getByLabel('Full Name') });
  await details.getByLabel('Full Name').fill(customer.name);
  await details.getByLabel('Phone Number').fill(customer.phone);
  await details.getByLabel('Email Address').fill(customer.email);
}

/** Opens step 2's calendar (if it is shut) at the month that shows `iso`; returns that day's button. */
export async function openCalendarAt(page: Page, iso: string) {
  if ((await page.locator('.rdp-root').count()) === 0) await page.locator('#selectedDate').click();
  await page.locator('.rdp-root').waitFor();
  // A month's grid also holds hidden cells for the next month's first days: match the real one.
  const cell = page.locator(`[data-day="${iso}"]:not([data-outside])`);
  for (let i = 0; i < 2 && (await cell.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  return cell.locator('button');
}

/** Picks `iso` in step 2's calendar and the first session still open that day. */
export async function pickDateAndSession(page: Page, iso: string) {
  await (await openCalendarAt(page, iso)).click();
  await expect(page.locator('#selectedDate').textContent()).resolves.not.toContain('Pick a date');
  await page.locator('input[name="selectedTime"]:not([value=""]):not([disabled])').first().check();
}

/** Agrees to the terms and submits step 2 (to /payment, or straight to the success page when credits cover it). */
export async function agreeAndProceed(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: /Proceed to Payment/ }).click();
}

/** The same, for a booking with something to pay: waits for the TEST MODE card form. */
export async function proceedToPayment(page: Page) {
  await agreeAndProceed(page);
  await page.waitForURL(/\/payment\?client_secret=.+&booking_id=.+/);
  await page.getByText('TEST MODE').waitFor();
}

/** Fills /payment's TEST MODE card form and presses Pay. */
export async function payByCard(page: Page, card: string, nameOnCard: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

/**
 * A whole paid booking through the pages, ending on the success page: its reference and the ticket
 * QR image's src (a PNG data URL).
 */
export async function bookThroughTheSite(
  page: Page,
  url: string,
  booking: { tickets: Record<string, number>; customer: Customer; date: string },
): Promise<{ reference: string; qrSrc: string }> {
  await chooseTickets(page, url, booking.tickets);
  await fillCustomer(page, booking.customer);
  await pickDateAndSession(page, booking.date);
  await proceedToPayment(page);
  await payByCard(page, PAYING_CARD, booking.customer.name);
  await page.waitForURL(/\/booking-success\?booking_id=/);
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  const qrSrc = (await page.getByRole('img', { name: /QR code ticket/ }).getAttribute('src')) ?? '';
  return { reference, qrSrc };
}

/** What POST /api/create-booking-payment takes (src/shared/contracts), as the booking page sends it. */
export type BookingRequest = {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  selectedDate: string;
  selectedTime: string;
  ticketQuantities: Record<string, number>;
  totalAmount: number;
  agreeToTerms?: boolean;
  loyaltyOptIn?: boolean;
  voucherCode?: string;
};

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Creates a booking through the API the booking page calls (terms agreed); the raw answer, refusals included. */
export const createBooking = (url: string, booking: BookingRequest) =>
  postJson(`${url}/api/create-booking-payment`, { agreeToTerms: true, ...booking });

/** Pays a booking just created through the API with the TEST MODE card, as /payment would. */
async function payCreated(url: string, created: Response, nameOnCard: string): Promise<{ bookingId: string }> {
  expect(created.status, await created.clone().text()).toBe(201);
  const { clientSecret, bookingId } = (await created.json()) as { clientSecret: string; bookingId: string };
  const paid = await postJson(`${url}/api/test-payments/confirm`, {
    clientSecret,
    cardNumber: PAYING_CARD,
    expiry: '12/34',
    cvc: '123',
    name: nameOnCard,
  });
  expect(await paid.json()).toEqual({ status: 'succeeded' });
  return { bookingId };
}

/** Creates a booking through the API and pays it with the TEST MODE card, as /payment would. */
export async function bookAndPayByApi(url: string, booking: BookingRequest): Promise<{ bookingId: string }> {
  return payCreated(url, await createBooking(url, booking), booking.customerName);
}

/**
 * The same on the first of `dates` the server accepts: a session can be full, or already past its
 * booking time today, depending on when the suite runs.
 */
export async function bookAndPayOnFirstOpenDate(
  url: string,
  booking: Omit<BookingRequest, 'selectedDate'>,
  dates: string[],
): Promise<{ bookingId: string; date: string }> {
  for (const selectedDate of dates) {
    const created = await createBooking(url, { ...booking, selectedDate });
    if (created.status !== 201) continue;
    return { ...(await payCreated(url, created, booking.customerName)), date: selectedDate };
  }
  throw new Error(`could not book for ${booking.customerName} on any of ${dates.join(', ')}`);
}
