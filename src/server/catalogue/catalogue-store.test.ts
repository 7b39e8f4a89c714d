import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { openTestDatabase } from '../testing/test-database';
import { catalogueOf, invalidateCatalogue, onCatalogueChange, publicCatalogue } from './catalogue-store';

const now = new Date('2026-11-25T12:00:00Z');

describe('the catalogue in memory', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  const raisePrice = async (pence: number) => {
    await database.db.execute(sql`update ticket_type_prices set price_pence = ${pence} where ticket_type_id = 'adult'`);
    await database.db.execute(sql`update catalogue_state set version = version + 1`);
  };
  const adultPrice = async () =>
    (await publicCatalogue(database.db, now)).ticketTypes.find((t) => t.id === 'adult')?.pricePence;

  it("answers from memory, and sees another process's edit within about a second", async () => {
    expect(await adultPrice()).toBe(200);
    await raisePrice(250);
    // Another process's edit (no invalidate here): the copy is kept until the next version check.
    expect(await adultPrice()).toBe(200);
    const started = performance.now();
    while ((await adultPrice()) !== 250) {
      expect(performance.now() - started).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("sees this process's own edit at once", async () => {
    await raisePrice(300);
    invalidateCatalogue(database.db);
    expect(await adultPrice()).toBe(300);
    expect((await catalogueOf(database.db)).ticketTypes.find((t) => t.id === 'adult')?.prices[0]?.pricePence).toBe(300);
  });

  it("tells what registered of this process's changes to this database only, until it unregisters", async () => {
    const otherDb = {} as Db; // another database handle: the store is kept per handle, never opened here
    let told = 0;
    const stop = onCatalogueChange(database.db, () => void (told += 1));
    await raisePrice(350); // another process's edit: nothing to tell, the copy ages out on its own
    invalidateCatalogue(otherDb);
    expect(told).toBe(0);
    invalidateCatalogue(database.db);
    expect(told).toBe(1);
    stop();
    invalidateCatalogue(database.db);
    expect(told).toBe(1);
  });

  it('shares one load between readers that arrive together', async () => {
    invalidateCatalogue(database.db);
    const [a, b] = await Promise.all([catalogueOf(database.db), catalogueOf(database.db)]);
    expect(a).toBe(b);
  });
});
