import { asc } from 'drizzle-orm';
import type { ShopItem, TillCafeItem, TillCatalogue } from '../../shared/contracts/till';
import type { Db } from '../db/client';
import { menuItems, shopItems } from '../db/schema';
import { entrySessionNow, entryTicketTypes } from './entry-session';

/** The cafe menu as the till sells it (read from the rows: an admin's switch counts at the next sale). */
export async function tillCafeItems(db: Db): Promise<TillCafeItem[]> {
  const rows = await db.select().from(menuItems).orderBy(asc(menuItems.sort), asc(menuItems.id));
  return rows.map((m) => ({
    id: m.id,
    section: m.section,
    name: m.name,
    pricePence: m.pricePence,
    vatTreatment: m.vatTreatment,
    options: m.options,
    available: m.available,
  }));
}

export async function tillShopItems(db: Db): Promise<ShopItem[]> {
  const rows = await db.select().from(shopItems).orderBy(asc(shopItems.sort), asc(shopItems.id));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    pricePence: s.pricePence,
    vatTreatment: s.vatTreatment,
    available: s.available,
  }));
}

/** GET /api/till/catalogue: entry for the session on now or next (with places left), cafe and shop. */
export async function tillCatalogue(db: Db, now: Date): Promise<TillCatalogue> {
  const session = await entrySessionNow(db, now);
  const tickets = session
    ? (await entryTicketTypes(db, session)).map((t) => ({
        ticketTypeId: t.id,
        name: t.title,
        pricePence: t.pricePence + t.feePence,
      }))
    : [];
  return { entry: { session, tickets }, cafe: await tillCafeItems(db), shop: await tillShopItems(db) };
}
