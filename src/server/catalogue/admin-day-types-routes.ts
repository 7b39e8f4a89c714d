import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminCatalogueEditorResponse } from '../../shared/contracts/catalogue';
import {
  bankHolidaysEditSchema,
  dayTypesEditSchema,
  HOLIDAYS_FILE_MAX_BYTES,
  holidaysEditSchema,
} from '../../shared/contracts/day-types';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import { editBankHolidays, editDayTypes, editSchoolHolidays } from './admin-day-types';
import { bankHolidaysOfGovUk } from './day-types-settings';
import { holidaysFromIcs } from './holidays-ics';

/**
 * Prices by day and season (issue 38), admins only: the bands and their rules, school holidays (a JSON list,
 * or the council's term dates as an .ics file in the multipart field `file`, with `version`), and a newer
 * gov.uk bank holidays file. Registered in a scope of its own: the multipart parser reaches only the holidays
 * upload, so the rest of the API still answers multipart with a 415.
 */
export async function dayTypesRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  admin: (request: FastifyRequest) => Promise<string>,
  fresh: () => Promise<AdminCatalogueEditorResponse>,
): Promise<void> {
  scope.patch('/api/admin/catalogue/day-types', async (request) => {
    const actor = await admin(request);
    const input = parseInput(dayTypesEditSchema, request.body);
    await editDayTypes({ db: ctx.db, input, actor, now: ctx.now() });
    return fresh();
  });

  scope.post('/api/admin/catalogue/bank-holidays', async (request) => {
    const actor = await admin(request);
    const { version, file } = parseInput(bankHolidaysEditSchema, request.body);
    await editBankHolidays({ db: ctx.db, version, bankHolidays: bankHolidaysOfGovUk(file), actor, now: ctx.now() });
    return fresh();
  });

  await scope.register(multipart, {
    limits: { fileSize: HOLIDAYS_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
  scope.post('/api/admin/catalogue/holidays', async (request) => {
    const actor = await admin(request);
    const { version, periods } = request.isMultipart()
      ? await holidaysFromUpload(request)
      : parseInput(holidaysEditSchema, request.body);
    await editSchoolHolidays({ db: ctx.db, version, periods, actor, now: ctx.now() });
    return fresh();
  });
}

/** The .ics in `file` and the `version` field, read whole (1 MB at most) before anything is parsed. */
async function holidaysFromUpload(request: FastifyRequest) {
  let text: string | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') text = bytes.toString('utf8');
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file_too_large', 'That file is larger than 1 MB: a term dates file is a few KB.', {
        fields: { file: ['At most 1 MB'] },
      });
    throw new AppError('invalid_input', 'The upload could not be read. Please try again.');
  }
  if (text === null)
    throw new AppError('invalid_input', 'Please choose the term dates file (.ics) to upload.', {
      fields: { file: ['Choose a file'] },
    });
  const version = fields.version === undefined ? undefined : Number(fields.version);
  // The file's holidays go through the same checks as a typed list (overlaps are merged by the parser).
  return parseInput(holidaysEditSchema, { version, periods: holidaysFromIcs(text) });
}
