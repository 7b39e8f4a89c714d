import type { VenueEditInput } from '../../../../../shared/contracts/catalogue';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/** PATCH /venue takes any of the document's fields: each form sends only its own, with the latest version. */
export const useSaveVenue = () =>
  useCatalogueEdit((input: VenueEditInput) => catalogueRequest('PATCH', '/venue', input));

export type VenueFormProps<T> = {
  value: T;
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
};
