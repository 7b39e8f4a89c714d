import type { VisitRulesEditInput } from '../../../../../shared/contracts/catalogue';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/** PATCH /visit-rules takes any of the document's parts: each form sends only its own, with the latest version. */
export const useSaveVisitRules = () =>
  useCatalogueEdit((input: VisitRulesEditInput) => catalogueRequest('PATCH', '/visit-rules', input));
