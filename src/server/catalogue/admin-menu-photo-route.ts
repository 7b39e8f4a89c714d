import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  catalogueIdParamsSchema,
  MENU_PHOTO_MAX_BYTES,
  versionOnlySchema,
  type AdminCatalogueEditorResponse,
} from '../../shared/contracts/catalogue';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import { setMenuPhoto } from './admin-menu-photo';

/**
 * POST /api/admin/catalogue/menu-items/:id/photo: multipart, the file in `photo` and the item's `version`.
 * The multipart parser is registered in this scope only (`scope` holds just this route), so the rest of
 * the API keeps answering multipart with a 415. The file is read into memory up to 5 MB; one byte more is
 * a 413 before the rest of it is buffered.
 */
export async function menuPhotoRoute(
  scope: FastifyInstance,
  ctx: AppContext,
  admin: (request: FastifyRequest) => Promise<string>,
  fresh: () => Promise<AdminCatalogueEditorResponse>,
): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: MENU_PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
  scope.post('/api/admin/catalogue/menu-items/:id/photo', async (request): Promise<AdminCatalogueEditorResponse> => {
    const actor = await admin(request);
    const { id } = parseInput(catalogueIdParamsSchema, request.params);
    const { photo, fields } = await readUpload(request);
    const version = parseInput(versionOnlySchema, {
      version: fields.version === undefined ? undefined : Number(fields.version),
    }).version;
    if (!photo)
      throw new AppError('invalid_input', 'Please choose a photo to upload.', {
        fields: { photo: ['Choose a photo'] },
      });
    await setMenuPhoto({ db: ctx.db, id, version, photo, actor });
    return fresh();
  });
}

/** The `photo` file and the text fields, whichever order the browser sent them in. */
async function readUpload(request: FastifyRequest): Promise<{ photo: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data, in the field "photo".');
  let photo: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'photo') photo = bytes;
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('photo_too_large', 'That photo is larger than 5 MB: please choose a smaller one.', {
        fields: { photo: ['At most 5 MB'] },
      });
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('invalid_input', 'Upload one photo at a time.', {
        fields: { photo: ['One photo at a time'] },
      });
    // Malformed multipart (no boundary, cut short): the client's fault, never a 500.
    throw new AppError('invalid_input', 'The upload could not be read. Please try again.');
  }
  return { photo, fields };
}
