import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { menuItems, menuPhotos } from '../db/schema';
import { AppError } from '../http/errors';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';
import { menuPhotoWidths } from './menu-photo-urls';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A 5 MB file can still decode to a huge bitmap (a "decompression bomb"); 100 megapixels covers any phone photo. */
const MAX_INPUT_PIXELS = 100_000_000;

const notAnImage = () =>
  new AppError('not_an_image', 'That file is not a photo we can use: please upload a JPEG, PNG or WebP image.', {
    fields: { photo: ['Upload a JPEG, PNG or WebP image'] },
  });

/**
 * The photo's two WebP widths (DECISIONS.md: photos are re-encoded, metadata stripped). What the file is
 * comes from its bytes alone, never its name or the browser's type. rotate() turns the pixels as the
 * camera's orientation says; nothing asks sharp to keep metadata, so EXIF (GPS, camera, owner) and
 * profiles are dropped.
 */
export async function encodeMenuPhoto(photo: Buffer): Promise<{ small: Buffer; large: Buffer }> {
  const open = () => sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS });
  const format = await open()
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  const encode = (width: number) =>
    open().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  try {
    const [small, large] = await Promise.all([encode(menuPhotoWidths.small), encode(menuPhotoWidths.large)]);
    return { small, large };
  } catch {
    // A header that parses over a body that does not (a truncated or corrupt file).
    throw notAnImage();
  }
}

/**
 * Sets a menu item's photo: re-encoded before the transaction (the slow part holds no lock), stored under
 * a new random key (its URLs never change, so they are cached for a year), the previous one deleted.
 */
export async function setMenuPhoto(opts: {
  db: Db;
  id: string;
  version: number;
  photo: Buffer;
  actor: string;
}): Promise<void> {
  const { id } = opts;
  const files = await encodeMenuPhoto(opts.photo);
  const key = randomBytes(16).toString('hex');
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.menu_photo_set',
    subjectType: 'menu_item',
    subjectId: id,
    current: (all) => all.menuItems.find((m) => m.id === id),
    change: async (tx) => {
      const [row] = await tx.select().from(menuItems).where(eq(menuItems.id, id)).for('update');
      if (!row) throw notInCatalogue('menu item');
      if (row.version !== opts.version) return STALE;
      await tx.insert(menuPhotos).values({ key, ...files });
      await tx
        .update(menuItems)
        .set({ photo: key, version: row.version + 1 })
        .where(eq(menuItems.id, id));
      if (row.photo) await tx.delete(menuPhotos).where(eq(menuPhotos.key, row.photo));
      return {
        before: { photo: row.photo },
        after: { photo: key, bytes: opts.photo.length, webpBytes: files.small.length + files.large.length },
        result: undefined,
      };
    },
  });
}
