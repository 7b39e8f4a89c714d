import type { PartiesDocument } from '../../../../../shared/catalogue';
import type { PartiesEditInput } from '../../../../../shared/contracts/catalogue';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/**
 * The parties document is saved whole; each form replaces only its own part of the latest copy, so a
 * package saved here does not undo a change made to another one since it was loaded.
 */
export function useSaveParties() {
  return useCatalogueEdit((input: PartiesEditInput) => catalogueRequest('PATCH', '/parties', input));
}

export const partiesInput = (
  doc: PartiesDocument,
  version: number,
  change: Partial<PartiesDocument>,
): PartiesEditInput => ({
  version,
  packages: doc.packages,
  privateHire: doc.privateHire,
  slots: doc.slots,
  ...change,
});
