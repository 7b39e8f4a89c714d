import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { Sale, SessionSalesResponse } from '../../shared/contracts/till';
import { requestAs, useAdminApp, type Req } from '../catalogue/testing/admin-fixtures';
import { outbox } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { createTransport, deliverDueMail } from '../mail/deliver-mail';
import { startSmtpSink } from '../testing/smtp-sink';
import { auditRows, signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, sell } from './testing/till-fixtures';

const NOW = new Date('2026-06-10T09:00:00Z');
const gripSocks = { kind: 'shop' as const, itemId: 'grip-socks', quantity: 2 };
const coldSandwich = { kind: 'cafe' as const, itemId: 'adult-club-sandwich', quantity: 1 };

/** A quoted-printable MIME body as text (nodemailer writes a receipt's £ that way). */
const fromQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/**
 * The till's receipts and its session list (issue 48): the venue's VAT number (Venue settings), the session's
 * sales for its operator, and a paid sale's VAT receipt e-mailed through nodemailer to a local SMTP server.
 * Rate limits are on, as in production.
 */
describe.each(testDbKinds)('till receipts and session sales (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW, config: { RATE_LIMITS: 'on' } });
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let session: string;
  let other: Req;
  let strangers: { anon: Req; family: Req; kiosk: Req };

  beforeAll(async () => {
    sink = await startSmtpSink();
    session = await openTill(t.staff, 'Counter');
    other = requestAs(t.app, (await signInAs(t.app, t.ctx)).cookie);
    strangers = {
      anon: requestAs(t.app, undefined),
      family: requestAs(t.app, await familyCookieFor(t.ctx.db, 'till-receipt-family@example.com')),
      kiosk: requestAs(t.app, (await signInAs(t.app, t.ctx, { kiosk: true })).cookie),
    };
  });
  afterAll(() => sink.close());

  const venueVersion = async () =>
    ((await t.admin('GET', '/api/admin/catalogue')).json() as AdminCatalogue).venue.version;
  const setVat = async (vatNumber: string | null, as: Req = t.admin) =>
    as('PATCH', '/api/admin/catalogue/venue', { version: await venueVersion(), vatNumber });
  const publicVat = async () => (await t.anon('GET', '/api/catalogue')).json().venue.vatNumber as string | null;

  it('the venue VAT number: admins set it (GB + 9 or 12 digits, spaces ignored; audited), empty clears it', async () => {
    expect(await publicVat()).toBeNull();
    for (const bad of ['123456789', 'GB12345678', 'GB1234567890', 'FR123456789', 'GB12345678A']) {
      const res = await setVat(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields.vatNumber, bad).toBeDefined();
    }
    expect((await setVat('GB123456789', t.staff)).statusCode).toBe(403);
    expect((await setVat('GB123456789', strangers.anon)).statusCode).toBe(401);
    expect((await setVat('GB123456789', strangers.family)).statusCode).toBe(401);
    expect(await publicVat()).toBeNull();

    const ok = await setVat('gb 123 4567 89');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await publicVat()).toBe('GB123456789');
    expect((await auditRows(t.ctx.db, 'venue')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.venue_edited',
      details: { after: expect.objectContaining({ vatNumber: 'GB123456789' }) },
    });
    expect((await setVat('GB123456789012')).statusCode).toBe(200);
    expect(await publicVat()).toBe('GB123456789012');
    expect((await setVat('')).statusCode).toBe(200);
    expect(await publicVat()).toBeNull();
    // Another venue edit leaves it alone.
    expect((await setVat('GB987654321')).statusCode).toBe(200);
    const phone = await t.admin('PATCH', '/api/admin/catalogue/venue', {
      version: await venueVersion(),
      phone: '01632 960 999',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(await publicVat()).toBe('GB987654321');
  });

  it("lists the session's sales, newest first, to its operator and admins only", async () => {
    const first = await sell(t.staff, cashSale(session, [gripSocks]));
    const second = await sell(t.staff, cashSale(session, [coldSandwich, gripSocks]));
    const url = `/api/till/sessions/${session}/sales`;
    const res = await t.staff('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as SessionSalesResponse;
    expect(body.sessionId).toBe(session);
    const ids = body.sales.map((s) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.sales.find((s) => s.id === second.id)).toEqual(second);
    expect((await t.admin('GET', url)).json().sales).toHaveLength(body.sales.length);

    // Another member of staff (with a till of their own) is refused, and sees only their own session's.
    const refused = await other('GET', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('not_your_till');
    const own = await openTill(other, 'Cafe');
    expect((await other('GET', `/api/till/sessions/${own}/sales`)).json()).toEqual({ sessionId: own, sales: [] });

    expect((await strangers.anon('GET', url)).statusCode).toBe(401);
    expect((await strangers.family('GET', url)).statusCode).toBe(401);
    expect((await strangers.kiosk('GET', url)).statusCode).toBe(403);
    expect((await t.staff('GET', `/api/till/sessions/${randomUUID()}/sales`)).statusCode).toBe(404);
    expect((await t.staff('GET', '/api/till/sessions/not-a-uuid/sales')).statusCode).toBe(400);
  });

  it("e-mails a paid sale's VAT receipt through nodemailer: lines, VAT by rate, VAT number, total, method", async () => {
    expect((await setVat('GB123456789')).statusCode).toBe(200);
    const sale = await sell(t.staff, cashSale(session, [coldSandwich, gripSocks]));
    expect(sale.vatByRate.map((v) => v.vatRateBasisPoints)).toEqual([0, 2000]);
    const res = await t.staff('POST', `/api/till/sales/${sale.id}/receipt-email`, { email: ' Parent@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, to: 'Parent@Example.com' });
    // A double tap is one mail.
    expect(
      (await t.staff('POST', `/api/till/sales/${sale.id}/receipt-email`, { email: 'Parent@Example.com' })).statusCode,
    ).toBe(200);
    const queued = await t.ctx.db.select().from(outbox).where(eq(outbox.template, 'till-receipt'));
    expect(queued.filter((m) => m.toAddress === 'Parent@Example.com')).toHaveLength(1);

    const transport = createTransport(`${sink.url}?ignoreTLS=true`);
    const from = 'Play Time Barn <hello@playtimebarn.co.uk>';
    const sent = await deliverDueMail({ db: t.ctx.db, transport, from, log: t.app.log });
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const mail = sink.received.find((m) => m.to.toLowerCase() === 'parent@example.com')!;
    expect(mail, JSON.stringify(sink.received.map((m) => [m.to, m.subject]))).toBeDefined();
    expect(mail.subject).toContain(`(${sale.number})`);
    const text = fromQuotedPrintable(mail.raw);
    expect(text).toContain('VAT number GB123456789');
    expect(text).toContain(`Receipt ${sale.number}`);
    for (const l of sale.lines) expect(text).toContain(`${l.quantity} x ${l.description}`);
    expect(text).toContain(`Total  £${(sale.totalPence / 100).toFixed(2)}`);
    expect(text).toContain('Paid by cash');
    expect(text).toContain(`Change  £${((sale.changePence ?? 0) / 100).toFixed(2)}`);
    const standard = sale.vatByRate.find((v) => v.vatRateBasisPoints === 2000)!;
    expect(text).toContain(
      `20%  £${(standard.netPence / 100).toFixed(2)}  £${(standard.vatPence / 100).toFixed(2)}  £${(standard.grossPence / 100).toFixed(2)}`,
    );
    expect(text).toMatch(/0%\s+£[\d.]+\s+£0\.00/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('refuses another till, an unpaid sale, a bad address and strangers; rate-limited per sale', async () => {
    const sale = await sell(t.staff, cashSale(session, [gripSocks]));
    const url = `/api/till/sales/${sale.id}/receipt-email`;
    const body = { email: 'someone@example.com' };
    const byOther = await other('POST', url, body);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.code).toBe('not_your_till');
    expect((await strangers.anon('POST', url, body)).statusCode).toBe(401);
    expect((await strangers.family('POST', url, body)).statusCode).toBe(401);
    expect((await strangers.kiosk('POST', url, body)).statusCode).toBe(403);
    expect((await t.staff('POST', `/api/till/sales/${randomUUID()}/receipt-email`, body)).statusCode).toBe(404);
    const bad = await t.staff('POST', url, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBeDefined();
    expect((await t.staff('POST', url, { ...body, cc: 'x@example.com' })).statusCode).toBe(400);

    const waiting = await t.staff('POST', '/api/till/sales', {
      ...cashSale(session, [gripSocks]),
      payment: { method: 'card', readerId: 'simulated' },
    });
    expect(waiting.statusCode, waiting.body).toBe(201);
    const unpaid = await t.staff('POST', `/api/till/sales/${(waiting.json() as Sale).id}/receipt-email`, body);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('sale_not_paid');
    const sentTo = async () =>
      (await t.ctx.db.select().from(outbox).where(eq(outbox.template, 'till-receipt'))).filter(
        (m) => m.toAddress === 'someone@example.com',
      );
    expect(await sentTo()).toHaveLength(0); // none of the refused sent anything

    // An admin may send it; five sends an hour for one sale, the sixth is 429 with Retry-After.
    expect((await t.admin('POST', url, body)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await t.staff('POST', url, { email: `copy${i}@example.com` })).statusCode).toBe(200);
    const limited = await t.staff('POST', url, { email: 'copy-again@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await sentTo()).toHaveLength(1);
  });
});
