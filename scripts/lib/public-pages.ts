import type { GiftVoucherPurchaseResponse } from '../../src/shared/contracts/gift-vouchers';
import { pages } from '../../src/shared/pages';
import { startSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import { londonDatePlus } from '../../tests/e2e/support/dates';
import { mailText } from '../../tests/e2e/support/family-mail';
import { bookPartyByApi } from '../../tests/e2e/support/party-by-api';
import { startBuiltServer } from './built-server';

/** The staff screens (a password or the kiosk's staff gate): every other page of the web app is public. */
export const staffPaths = [
  '/admin',
  '/admin/search',
  '/admin/till',
  '/admin/till/report',
  '/admin/cafe-tables/print',
  '/check-in',
  '/kitchen',
];

/**
 * Every public page `npm run size` and `npm run lighthouse` measure: each path of the web app's router
 * (src/shared/pages.ts lists them all, and pages.test.ts checks it against app/app-routes.tsx), less the
 * staff screens. A page added to the router is measured without anyone remembering to list it here.
 */
export const publicPaths = pages.map((p) => p.path).filter((p) => !staffPaths.includes(p));

type Seeded = { partyId: string; manageToken: string; inviteToken: string; printToken: string };

/**
 * The address to open for a router path. A page behind a mailed link opens that link, made by
 * startPagesServer (null without `seeded`): the family's party page, a guest's invitation, the printable
 * voucher. The next steps of a purchase (/payment, /booking-success, /party-booking/pay and /confirmed)
 * keep what they show in the tab's session storage: they open at the address the step before sends the
 * visitor to, as in a new tab, where the page and its code load and it says what it is missing (/payment
 * shows its card form: with Stripe keys, the Payment Element's code loads).
 */
export function addressOf(path: string, seeded: Seeded | null): string | null {
  const fromSeed: Record<string, (s: Seeded) => string> = {
    '/party/:id': (s) => `/party/${s.partyId}#t=${encodeURIComponent(s.manageToken)}`,
    '/party-invite/:token': (s) => `/party-invite/${s.inviteToken}`,
    '/gift-vouchers/print': (s) => `/gift-vouchers/print?token=${encodeURIComponent(s.printToken)}`,
    '/party-booking/pay': (s) => `/party-booking/pay?id=${s.partyId}`,
    '/party-booking/confirmed': (s) => `/party-booking/confirmed?id=${s.partyId}`,
  };
  if (path in fromSeed) return seeded ? fromSeed[path]!(seeded) : null;
  if (path === '/payment') return '/payment?client_secret=x&booking_id=y';
  // An event's page loads the same code for any id (an unknown one says so): its script is what is measured.
  if (path === '/events/:id') return '/events/00000000-0000-4000-8000-000000000000';
  // A table's page loads the same code for any token (an old or unknown one shows the server's message).
  if (path === '/order/:tableToken') return '/order/not-a-table-code';
  if (path.includes(':')) throw new Error(`${path}: public-pages.ts makes nothing to open it with (addressOf)`);
  return path;
}

export type PagesServer = {
  url: string;
  /** The address to open for a router path (`/party/:id` becomes a real party's mailed link). */
  addressOf: (path: string) => string;
  stop: () => Promise<void>;
};

/**
 * The built server on a fresh data directory, with what the pages behind a mailed link need, made the way
 * a family makes it: through the public API with the offline TEST MODE card (the routes /party-booking and
 * /gift-vouchers call), and the guest's invitation read from the mail the server sends (to an SMTP peer on
 * 127.0.0.1, as in the e2e tests). `env` (Stripe keys, say) is applied afterwards by restarting the server
 * on the same data: with Stripe keys there is no TEST MODE card to pay with, and no call may leave the machine.
 */
export async function startPagesServer(env: Record<string, string> = {}): Promise<PagesServer> {
  const sink = await startSmtpSink();
  const server = await startBuiltServer({ SMTP_URL: sink.url });
  try {
    const seeded = await seed(server.url, sink.received);
    if (Object.keys(env).length) await server.restart(env);
    return {
      url: server.url,
      addressOf: (path) => addressOf(path, seeded)!,
      stop: async () => {
        await server.stop();
        await sink.close();
      },
    };
  } catch (err) {
    await server.stop();
    await sink.close();
    throw err;
  }
}

const PAYING_CARD = '4242 4242 4242 4242'; // the TEST MODE provider's card that pays
const FAMILY = { name: 'Sam Measure', email: 'sam.measure@example.com', phone: '07700 900789' };
const GUEST = 'guest.measure@example.com';

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${new URL(url).pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function payWithTestCard(url: string, clientSecret: string) {
  const paid = await post<{ status: string }>(`${url}/api/test-payments/confirm`, {
    clientSecret,
    cardNumber: PAYING_CARD,
    expiry: '12/34',
    cvc: '123',
    name: FAMILY.name,
  });
  if (paid.status !== 'succeeded') throw new Error(`the TEST MODE card did not pay: ${paid.status}`);
}

async function seed(url: string, mail: ReceivedMail[]): Promise<Seeded> {
  const party = await bookPartyByApi(url, FAMILY);
  const sentBefore = mail.length;
  await post(
    `${url}/api/parties/${party.partyId}/invitations`,
    { emails: [GUEST] },
    { 'x-party-token': party.manageToken },
  );
  const inviteToken = await inviteTokenFrom(mail, sentBefore);
  const voucher = await post<GiftVoucherPurchaseResponse>(`${url}/api/gift-vouchers`, {
    kind: 'amount',
    amountPence: 3000,
    recipientName: 'Robin Measure',
    recipientEmail: 'robin.measure@example.com',
    message: 'Have fun!',
    sendOn: londonDatePlus(0),
    buyerName: FAMILY.name,
    buyerEmail: FAMILY.email,
  });
  await payWithTestCard(url, voucher.clientSecret);
  return { partyId: party.partyId, manageToken: party.manageToken, inviteToken, printToken: voucher.printToken };
}

/** The token of the guest's invitation link, from the mail the server sends them (within 30 s). */
async function inviteTokenFrom(mail: ReceivedMail[], after: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const m of mail.slice(after))
      if (m.to.toLowerCase() === GUEST) {
        const token = /\/party-invite\/([^\s"<]+)/.exec(mailText(m))?.[1];
        if (token) return token;
      }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${GUEST}`);
}
