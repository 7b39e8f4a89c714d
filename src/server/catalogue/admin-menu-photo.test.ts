import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import { menuItems, menuPhotos } from '../db/schema';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { jpegWithExif, multipartBody, useAdminApp } from './testing/admin-fixtures';

const URL = '/api/admin/catalogue/menu-items/kids-pasta/photo';

describe.each(testDbKinds)('menu photos (%s)', (kind) => {
  const t = useAdminApp(kind);
  const upload = (body: { payload: Buffer; contentType: string }, cookie = t.cookies.admin, url = URL) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  const photoOf = (bytes: Buffer, version: number, filename = 'IMG_0001.JPG', contentType = 'image/jpeg') =>
    multipartBody({ version: String(version) }, { field: 'photo', filename, contentType, bytes });
  const itemVersion = async () => (await t.catalogue()).menuItems.find((m) => m.id === 'kids-pasta')!.version;
  const nothingWritten = async (fn: () => Promise<void>) => {
    const counts = await rowCounter(t.ctx.db);
    const before = [await counts(), await t.catalogue()];
    await fn();
    expect([await counts(), await t.catalogue()]).toEqual(before);
  };

  it('re-encodes a JPEG to WebP at two widths, metadata stripped, served with long cache headers', async () => {
    expect((await t.catalogue()).menuItems.some((m) => m.id === 'kids-pasta')).toBe(true);
    const jpeg = await jpegWithExif(1200, 800);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(photoOf(jpeg, await itemVersion()));
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json() as AdminCatalogue).menuItems.find((m) => m.id === 'kids-pasta')!;
    expect(item.photo).toEqual({
      small: expect.stringMatching(/^\/media\/menu\/[0-9a-f]{32}-480\.webp$/),
      large: expect.stringMatching(/^\/media\/menu\/[0-9a-f]{32}-960\.webp$/),
    });
    for (const [url, width] of [
      [item.photo!.small, 480],
      [item.photo!.large, 960],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 800) / 1200 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('secret'))).toBe(false);
    }
    const pub = (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as AdminCatalogue;
    expect(pub.menuItems.find((m) => m.id === 'kids-pasta')!.photo).toEqual(item.photo);
  });

  it('replaces a photo: the old files go, a small image is not enlarged, PNG and WebP are accepted', async () => {
    const [old] = await t.ctx.db.select().from(menuPhotos);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await upload(photoOf(png, await itemVersion(), 'photo.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const photos = await t.ctx.db.select().from(menuPhotos);
    expect(photos).toHaveLength(1);
    expect(photos[0]!.key).not.toBe(old!.key);
    expect((await sharp(photos[0]!.large).metadata()).width).toBe(300);
    expect((await t.app.inject({ method: 'GET', url: `/media/menu/${old!.key}-480.webp` })).statusCode).toBe(404);
    const webp = await sharp(png).webp().toBuffer();
    // Named and typed as something else: what it is comes from its bytes.
    expect((await upload(photoOf(webp, await itemVersion(), 'notes.txt', 'text/plain'))).statusCode).toBe(200);
  });

  it('refuses a file over 5 MB with 413, writing nothing', async () => {
    await nothingWritten(async () => {
      const big = Buffer.concat([await jpegWithExif(100, 100), Buffer.alloc(6 * 1024 * 1024, 7)]);
      const res = await upload(photoOf(big, await itemVersion()));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('photo_too_large');
    });
  });

  it('refuses a file that is not an image whatever its name says, with 400, writing nothing', async () => {
    await nothingWritten(async () => {
      const text = Buffer.from('just some text, honest\n'.repeat(100));
      const res = await upload(photoOf(text, await itemVersion(), 'toast.jpg'));
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'not_an_image']);
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const res2 = await upload(photoOf(svg, await itemVersion(), 'toast.png', 'image/png'));
      expect([res2.statusCode, res2.json().error.code]).toEqual([400, 'not_an_image']);
      const cut = (await jpegWithExif()).subarray(0, 600);
      const res3 = await upload(photoOf(cut, await itemVersion()));
      expect([res3.statusCode, res3.json().error.code]).toEqual([400, 'not_an_image']);
    });
  });

  it('refuses a stale version, a missing photo or version, and a body that is not multipart', async () => {
    await nothingWritten(async () => {
      const jpeg = await jpegWithExif(200, 200);
      const stale = await upload(photoOf(jpeg, 1));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.current).toMatchObject({ id: 'kids-pasta', version: await itemVersion() });
      const noFile = await upload(multipartBody({ version: String(await itemVersion()) }, null));
      expect([noFile.statusCode, noFile.json().error.fields]).toEqual([400, { photo: ['Choose a photo'] }]);
      const noVersion = await upload(
        multipartBody({}, { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', bytes: jpeg }),
      );
      expect([noVersion.statusCode, Object.keys(noVersion.json().error.fields)]).toEqual([400, ['version']]);
      const json = await upload({ payload: Buffer.from('{"version":1}'), contentType: 'application/json' });
      expect([json.statusCode, json.json().error.code]).toEqual([415, 'unsupported_media_type']);
      const broken = await upload({ payload: Buffer.from('--x\r\nnonsense'), contentType: 'multipart/form-data' });
      expect([broken.statusCode, broken.json().error.code]).toEqual([400, 'invalid_input']);
      const unknown = await upload(
        photoOf(jpeg, 1),
        t.cookies.admin,
        '/api/admin/catalogue/menu-items/no-such-thing/photo',
      );
      expect(unknown.statusCode).toBe(404);
      expect((await upload(photoOf(jpeg, 1), t.cookies.staff)).statusCode).toBe(403);
      expect((await upload(photoOf(jpeg, 1), '')).statusCode).toBe(401);
    });
  });

  it('keeps multipart out of every other route: a JSON route answers 415', async () => {
    const body = multipartBody({ version: '1' }, null);
    for (const url of ['/api/admin/catalogue/menu-items', '/api/admin/catalogue/closures', '/api/contact']) {
      const res = await upload(body, t.cookies.admin, url);
      expect([res.statusCode, res.json().error.code], url).toEqual([415, 'unsupported_media_type']);
    }
    const rows = await t.ctx.db.select({ id: menuItems.id }).from(menuItems);
    expect(rows.length).toBeGreaterThan(0);
  });
});
