import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AdminCatalogue } from '../../../shared/catalogue';
import { signInAs } from '../../testing/staff-fixtures';
import { openTestApp } from '../../testing/test-app';
import type { TestDbKind } from '../../testing/test-database';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Req = ReturnType<typeof requestAs>;

/** Requests with a staff cookie (or none), a JSON body when one is given. */
export function requestAs(app: FastifyInstance, cookie: string | undefined) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

type TestApp = Awaited<ReturnType<typeof openTestApp>>;
export type AdminTestApp = TestApp & {
  /** An admin, a plain staff member and nobody. */
  admin: Req;
  staff: Req;
  anon: Req;
  adminName: string;
  cookies: { admin: string; staff: string };
  /** GET /api/admin/catalogue as the admin. */
  catalogue: () => Promise<AdminCatalogue>;
};

/** The app for one describe block (opened before, closed after), with an admin and a staff member signed in. */
export function useAdminApp(kind: TestDbKind, opts: Parameters<typeof openTestApp>[1] = {}): AdminTestApp {
  const t = {} as AdminTestApp;
  beforeAll(async () => {
    const opened = await openTestApp(kind, opts);
    const admin = await signInAs(opened.app, opened.ctx, { role: 'admin' });
    const staff = await signInAs(opened.app, opened.ctx, { role: 'staff' });
    const adminReq = requestAs(opened.app, admin.cookie);
    Object.assign(t, opened, {
      admin: adminReq,
      staff: requestAs(opened.app, staff.cookie),
      anon: requestAs(opened.app, undefined),
      adminName: admin.username,
      cookies: { admin: admin.cookie, staff: staff.cookie },
      catalogue: async () => (await adminReq('GET', '/api/admin/catalogue')).json() as AdminCatalogue,
    });
  });
  afterAll(() => t.close?.());
  return t;
}

/** A JPEG of `width` x `height` with an EXIF field set, as a phone's photo carries its owner and place. */
export async function jpegWithExif(width = 1200, height = 800): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
    .toBuffer();
}

/** A multipart/form-data body with the given text fields and one file, built by hand like a browser would. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; filename: string; contentType: string; bytes: Buffer } | null,
): { payload: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
