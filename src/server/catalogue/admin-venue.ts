import type { z } from 'zod';
import type { VenueDocument } from '../../shared/catalogue';
import type { venueEditSchema } from '../../shared/contracts/catalogue';
import type { Db } from '../db/client';
import { editDocument } from './admin-documents';

/**
 * The venue's identity, contacts, directions and opening hours: the fields sent replace theirs (a nested
 * one, such as the address, whole), the rest stay. Every page, mail and file reads them from the catalogue.
 */
export async function editVenue(opts: {
  db: Db;
  input: z.infer<typeof venueEditSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { version, vatNumber, ...rest } = opts.input;
  // An empty VAT number is none: stored as null (receipts then print no VAT number).
  const fields = vatNumber === undefined ? rest : { ...rest, vatNumber: vatNumber || null };
  await editDocument<VenueDocument>({
    db: opts.db,
    key: 'venue',
    version,
    actor: opts.actor,
    action: 'catalogue.venue_edited',
    now: opts.now,
    next: (stored) => ({ ...stored, ...stripUndefined(fields) }),
  });
}

/** A partial edit's absent fields arrive as undefined keys: they must not erase the stored ones. */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
