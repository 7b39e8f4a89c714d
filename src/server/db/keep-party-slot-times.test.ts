import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCatalogue, catalogueOf } from '../catalogue/catalogue-store';
import { holdParty } from '../parties/hold-party';
import { partyRequest } from '../parties/testing/party-fixtures';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import type { Database } from './client';
import { catalogueDocuments } from './schema';

const migration = readFileSync(new URL('./migrations/0035_keep_party_slot_times.sql', import.meta.url), 'utf8');
const runMigration = async (db: Database['db']) => {
  for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
};
const NOW = new Date('2026-06-01T08:00:00Z');

/**
 * Migration 0035: a venue that sold parties on the default slots before issue 38 keeps its slots' times
 * (a party stores only its slot id), with the longer slots added; a venue with no party is left alone.
 */
describe.each(testDbKinds)('upgrading a venue that sold parties on the default slots (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());
  const stored = async () =>
    (await database.db.select().from(catalogueDocuments).where(eq(catalogueDocuments.key, 'party_booking')))[0];

  it('leaves a venue with no party alone, and pins the old times once a party was sold', async () => {
    await runMigration(database.db);
    expect((await stored())?.version ?? 0).toBe(0);

    // A Bronze party held in the 12:00 slot, as the defaults sold it (the document never stored).
    await holdParty(
      database.db,
      partyRequest(1, { date: '2026-06-20', slotId: 'midday', packageId: 'bronze' }),
      NOW,
      await catalogueOf(database.db),
    );
    await runMigration(database.db);
    invalidateCatalogue(database.db);
    const { partyBooking } = await catalogueOf(database.db);
    expect(partyBooking.version).toBe(1);
    const times = Object.fromEntries(partyBooking.value.slots.map((s) => [s.id, `${s.start}-${s.end}`]));
    expect(times).toMatchObject({ midday: '12:00-14:00', evening: '16:00-18:00', 'midday-long': '12:00-14:30' });
    expect(partyBooking.value.packageSlots.gold).toEqual(['morning-long', 'afternoon-long']);
    // Run again (a second process, a retried upgrade): the stored document is never overwritten.
    await database.db.execute(sql`update catalogue_documents set value = value || '{"depositPence": 6000}'::jsonb
      where key = 'party_booking'`);
    await runMigration(database.db);
    expect((await stored())!.value).toMatchObject({ depositPence: 6000 });
  });
});
