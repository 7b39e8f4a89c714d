import { SMTPServer } from 'smtp-server';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, deliverDueMail } from '../mail/deliver-mail';
import { mimePart } from '../testing/mime-part';
import { openTestApp } from '../testing/test-app';
import { bookingPayload, payWith, postJson, getBooking } from './testing/booking-fixtures';

describe('confirmation e-mail through nodemailer to a local SMTP server', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as { port: number }).port;
    t = await openTestApp('pglite', { now: () => new Date('2025-10-20T10:00:00Z') });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('arrives with the reference, the inline QR image of the ticket and the .ics', async () => {
    const created = (
      await postJson(t.app, '/api/create-booking-payment', bookingPayload({ customerEmail: 'smtp@example.com' }))
    ).json();
    await payWith(t.app, created.clientSecret);
    const status = (await getBooking(t.app, created.bookingId)).json();

    const transport = createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    const result = await deliverDueMail({
      db: t.ctx.db,
      transport,
      from: 'Play Time Barn <hello@playtimebarn.co.uk>',
      log: t.app.log,
    });
    expect(result.sent).toBe(1);
    const mail = received.find((m) => m.to.includes('smtp@example.com'))!;
    expect(mail.raw).toContain(`Subject: Booking confirmed: ${status.reference}`);
    expect(mail.raw).toMatch(/Content-ID: <ticket-qr>/i);

    const png = PNG.sync.read(mimePart(mail.raw, /Content-Type: image\/png/i));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(decoded).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const ics = mimePart(mail.raw, /Content-Type: text\/calendar/i).toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART:20251022T083000Z');
    expect(ics).toContain(`SUMMARY:Play Time Barn visit (${status.reference})`);
  });
});
