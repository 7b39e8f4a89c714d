import type { z } from 'zod';
import type { PartiesDocument } from '../../shared/catalogue';
import type { partiesEditSchema } from '../../shared/contracts/catalogue';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { editDocument } from './admin-documents';

/**
 * The party packages, private hire and slots. A package's id is what party enquiries record and what the
 * party form and its validation name, so the packages stay the same ones: their words, prices and limits
 * change, the set does not.
 */
export async function editParties(opts: {
  db: Db;
  input: z.infer<typeof partiesEditSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { version, ...value } = opts.input;
  await editDocument<PartiesDocument>({
    db: opts.db,
    key: 'parties',
    version,
    actor: opts.actor,
    action: 'catalogue.parties_edited',
    now: opts.now,
    next: (stored) => {
      const sent = value.packages.map((p) => p.id);
      const kept = stored.packages.map((p) => p.id);
      if (sent.length !== kept.length || new Set(sent).size !== sent.length || kept.some((id) => !sent.includes(id)))
        throw new AppError('invalid_input', `The party packages stay the same ones: ${kept.join(', ')}.`, {
          fields: { packages: [`Edit the packages ${kept.join(', ')}; they cannot be added or removed here`] },
        });
      return { packages: value.packages, privateHire: value.privateHire, slots: value.slots };
    },
  });
}
