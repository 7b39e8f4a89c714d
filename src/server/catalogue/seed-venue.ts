import { seedCatalogue } from './seed-catalogue';
import type { Db } from '../db/client';

/** Run on every start: seeds the catalogue once, on an empty database; never overwrites an edit. */
export async function seedVenue(db: Db): Promise<void> {
  await seedCatalogue(db);
}
