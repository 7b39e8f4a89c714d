import type { FastifyInstance, FastifyReply } from 'fastify';
import { cancelBookingSchema } from '../../shared/contracts/booking';
import type { VenueView } from '../../shared/catalogue';
import { longDate } from '../../shared/date-text';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { paymentDeps } from '../payments/payment-deps';
import { cancelBooking, previewCancellation } from './cancel-booking';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type PageVenue = Pick<VenueView, 'name' | 'phone'>;

// Server-rendered and script-free: the link in an e-mail works in any browser, and a GET never cancels
// (mail scanners follow links); only the button's POST does. The venue's name and phone are the catalogue's.
function page(reply: FastifyReply, venue: PageVenue, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} | ${esc(venue.name)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;color:#1f2937;margin:0;padding:24px;background:#f0fdfa}main{max-width:520px;margin:0 auto;background:#fff;border-radius:16px;padding:24px}
h1{color:#115e59;font-size:1.5rem;margin-top:0}button{min-height:48px;padding:0 24px;border:0;border-radius:999px;background:#be185d;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0369a1;outline-offset:2px}a{color:#0369a1}</style></head>
<body><main><h1>${esc(title)}</h1>${body}<p><a href="/">Return to Home</a> &middot; ${esc(venue.phone)}</p></main></body></html>`);
}

const incompleteLink = (reply: FastifyReply, venue: PageVenue) =>
  page(
    reply,
    venue,
    400,
    'Link not valid',
    '<p>This cancellation link is not complete. Please use the link in your confirmation e-mail.</p>',
  );

export function cancelPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get('/cancel-booking', async (request, reply) => {
      const { venue } = await publicCatalogue(ctx.db, ctx.now());
      const parsed = cancelBookingSchema.safeParse(request.query);
      if (!parsed.success) return incompleteLink(reply, venue);
      try {
        const p = await previewCancellation({ db: ctx.db, token: parsed.data.token, now: ctx.now() });
        const details = `<p>Booking <strong>${esc(p.reference)}</strong><br>${esc(longDate(p.date))}, ${esc(p.sessionLabel)}</p><p>${esc(p.message)}</p>`;
        const form = p.refundable
          ? `<form method="post" action="/cancel-booking"><input type="hidden" name="token" value="${esc(parsed.data.token)}"><button type="submit">Cancel booking and refund</button></form>`
          : '';
        return page(reply, venue, 200, 'Cancel your booking', details + form);
      } catch (err) {
        if (err instanceof AppError)
          return page(reply, venue, err.httpStatus, 'Link not valid', `<p>${esc(err.message)}</p>`);
        throw err;
      }
    });

    scope.post('/cancel-booking', async (request, reply) => {
      const { venue } = await publicCatalogue(ctx.db, ctx.now());
      try {
        // The same allowance as the JSON cancel call: this form is its script-free twin.
        await enforceRateLimit(ctx, request, rateLimits.cancelBooking);
        const parsed = cancelBookingSchema.safeParse(request.body);
        if (!parsed.success) return incompleteLink(reply, venue);
        const result = await cancelBooking({
          ...paymentDeps(ctx, request.log),
          token: parsed.data.token,
          now: ctx.now(),
        });
        ctx.wakeMailer();
        return page(reply, venue, 200, 'Booking cancelled', `<p>${esc(result.message)}</p>`);
      } catch (err) {
        if (err instanceof AppError)
          return page(
            reply.headers(err.headers ?? {}),
            venue,
            err.httpStatus,
            'We could not cancel this booking',
            `<p>${esc(err.message)}</p>`,
          );
        throw err;
      }
    });
  });
}
