import type {
  BankHolidaysEditInput,
  DayTypesEditInput,
  HolidaysEditInput,
} from '../../../../../shared/contracts/day-types';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/** PATCH /day-types: the bands, the rules and the single dates, as one document with its version. */
export const useSaveDayTypes = () =>
  useCatalogueEdit((input: DayTypesEditInput) => catalogueRequest('PATCH', '/day-types', input));

/** POST /holidays as JSON: the school holidays typed in, replacing the list. */
export const useSaveSchoolHolidays = () =>
  useCatalogueEdit((input: HolidaysEditInput) => catalogueRequest('POST', '/holidays', input));

/** POST /holidays as multipart: the council's term dates (.ics) in `file`, and `version`. */
export const useUploadTermDates = () =>
  useCatalogueEdit((input: { version: number; file: File }) => {
    const body = new FormData();
    body.append('version', String(input.version));
    body.append('file', input.file);
    return catalogueRequest('POST', '/holidays', body);
  });

/** POST /bank-holidays: gov.uk's bank-holidays.json, read in the browser, with the version. */
export const useUploadBankHolidays = () =>
  useCatalogueEdit((input: BankHolidaysEditInput) => catalogueRequest('POST', '/bank-holidays', input));
