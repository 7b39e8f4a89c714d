import type { WaitingListEditInput } from '../../../../../shared/contracts/waiting-list';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/** PATCH /waiting-list: the hours an offer holds its places, with the latest version. */
export const useSaveWaitingList = () =>
  useCatalogueEdit((input: WaitingListEditInput) => catalogueRequest('PATCH', '/waiting-list', input));
