import type { FastifyInstance } from 'fastify';
import { bandOn, bandPriceOn, type AdminCatalogue } from '../../shared/catalogue';
import { dayTypesQuerySchema, type DayTypesResponse, type PriceBand } from '../../shared/contracts/day-types';
import { bandReasonOn } from '../../shared/day-types';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';

/**
 * GET /api/calendar/day-types?from=&to= (public): each date's band of days and why it is in it, up to a year
 * at a time, from the in-memory catalogue (an admin's change is served at once by the process that made it,
 * by the others when they reload the catalogue).
 */
export function dayTypesRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/calendar/day-types', async (request, reply): Promise<DayTypesResponse> => {
    const { from, to } = parseInput(dayTypesQuerySchema, request.query);
    reply.header('cache-control', 'no-cache');
    const all = await catalogueOf(ctx.db);
    const days: DayTypesResponse['days'] = [];
    for (let date = from; date <= to; date = nextDay(date)) {
      const band = bandOn(all, date);
      const reason = bandReasonOn(all.dayTypes.value, all.holidays.value, date);
      days.push({ date, bandId: band.id, bandName: band.name, reason });
    }
    return { days };
  });
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every band with the cheapest active child ticket in it on `day` ("Off-peak from £7.50"), for the booking
 * calendar's legend; null when the band has no child price that day.
 */
export function priceBandsOf(all: AdminCatalogue, day: string): PriceBand[] {
  return all.dayTypes.value.bands.map((band) => {
    let fromPence: number | null = null;
    for (const t of all.ticketTypes) {
      if (!t.active || !t.isChild) continue;
      const price = bandPriceOn(t.prices, band.id, day);
      if (price && (fromPence === null || price.pricePence < fromPence)) fromPence = price.pricePence;
    }
    return { id: band.id, name: band.name, fromPence };
  });
}
