import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bandOn, bandPriceOn } from '../../shared/catalogue';
import { ticketTypesQuerySchema, type TicketTypeDto, type TicketTypesResponse } from '../../shared/contracts/booking';
import type { PublicCatalogueResponse } from '../../shared/contracts/catalogue';
import { todayInLondon } from '../../shared/dates';
import type { AppContext } from '../context';
import { eq } from 'drizzle-orm';
import { menuPhotos } from '../db/schema';
import { encodeBody, sendEncoded, type EncodedBody } from '../http/encoded-body';
import { AppError, parseInput } from '../http/errors';
import type { AgreementResponse } from '../../shared/contracts/family-profile';
import { agreementInForce } from './agreement';
import { catalogueOf, publicCatalogue } from './catalogue-store';
import { menuPhotoWidths } from './menu-photo-urls';

const photoParams = z.object({ file: z.string().regex(/^[a-z0-9-]{8,80}-(480|960)\.webp$/) });

/**
 * The catalogue as families read it, from memory (catalogue-store.ts): the whole public view, a visit
 * date's ticket prices, and the menu's photos.
 */
export function publicCatalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/catalogue', async (_request, reply): Promise<PublicCatalogueResponse> => {
    reply.header('cache-control', 'no-cache');
    return publicCatalogue(ctx.db, ctx.now());
  });

  // Keyed by catalogue version and date: the JSON is built and compressed once per edit and date.
  const ticketTypeBodies = new Map<string, EncodedBody>();
  // The venue's today, worked out once a minute of the clock (time-zone arithmetic costs more than the
  // answer); a London day always turns on a whole minute.
  let today = { minute: NaN, day: '' };
  const todayNow = () => {
    const now = ctx.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== today.minute) today = { minute, day: todayInLondon(now) };
    return today.day;
  };
  // The date a raw query names, without parsing it (no query: today): a cache entry exists only for a
  // date that passed validation, so a hit on it skips the schema, as the month's availability does.
  const plainDate = /^date=(\d{4}-\d{2}-\d{2})$/;
  app.get('/api/ticket-types', async (request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    const all = await catalogueOf(ctx.db);
    const q = request.url.indexOf('?');
    const rawDate = q === -1 ? todayNow() : plainDate.exec(request.url.slice(q + 1))?.[1];
    const cached = rawDate === undefined ? undefined : ticketTypeBodies.get(`${all.version}:${rawDate}`);
    if (cached) return sendEncoded(request, reply, cached);
    const { date = todayNow() } = parseInput(ticketTypesQuerySchema, request.query);
    const key = `${all.version}:${date}`;
    let body = ticketTypeBodies.get(key);
    if (!body) {
      const band = bandOn(all, date);
      const ticketTypes: TicketTypeDto[] = [];
      for (const t of all.ticketTypes) {
        const price = bandPriceOn(t.prices, band.id, date);
        if (!t.active || !price) continue;
        ticketTypes.push({
          id: t.id,
          title: t.title,
          description: t.description,
          price: price.pricePence,
          fee: price.feePence,
          ageRange: t.ageRange,
          colour: t.colour,
          isChild: t.isChild,
          ageFrom: t.ageFrom,
          ageTo: t.ageTo,
          paidByCredit: t.paidByCredit,
          weekdayMorningOnly: t.weekdayMorningOnly,
          sellDays: t.sellDays,
          sessionIds: t.sessionIds,
        });
      }
      if (ticketTypeBodies.size > 200) ticketTypeBodies.clear();
      body = encodeBody(Buffer.from(JSON.stringify({ date, band, ticketTypes } satisfies TicketTypesResponse)), 'fast');
      ticketTypeBodies.set(key, body);
    }
    return sendEncoded(request, reply, body);
  });

  // The visit agreement in force today (issue 39): public, the same text for everyone.
  app.get('/api/agreement', async (_request, reply): Promise<AgreementResponse> => {
    reply.header('cache-control', 'no-cache');
    return agreementInForce(ctx.db, ctx.now());
  });

  app.get('/media/menu/:file', async (request, reply) => {
    const { file } = parseInput(photoParams, request.params);
    const key = file.replace(/-(480|960)\.webp$/, '');
    const [row] = await ctx.db.select().from(menuPhotos).where(eq(menuPhotos.key, key));
    if (!row) throw new AppError('not_found', 'No such photo.');
    const large = file.endsWith(`-${menuPhotoWidths.large}.webp`);
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(large ? row.large : row.small);
  });
}
