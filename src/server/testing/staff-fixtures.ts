import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { rowsOf, type Db } from '../db/client';
import { createStaffAccount } from '../staff/create-staff-account';

/**
 * Creates a staff account and signs it in through the real route; returns the Cookie header to
 * send with staff requests. `kiosk: true` then switches that browser to kiosk mode.
 */
export async function signInAs(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { role?: 'admin' | 'staff'; username?: string; kiosk?: boolean } = {},
): Promise<{ cookie: string; username: string }> {
  const username = opts.username ?? `${opts.role ?? 'staff'}-${Math.random().toString(36).slice(2, 8)}`;
  const password = 'correct horse battery';
  await createStaffAccount(ctx.db, { username, displayName: `Test ${username}`, role: opts.role ?? 'staff', password });
  const res = await app.inject({ method: 'POST', url: '/api/staff/sign-in', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  let cookie = cookieFrom(res.headers['set-cookie']);
  if (opts.kiosk) {
    const k = await app.inject({
      method: 'POST',
      url: '/api/staff/kiosk-mode',
      headers: { cookie },
      payload: { label: 'Front desk tablet' },
    });
    if (k.statusCode !== 200) throw new Error(`kiosk mode failed: ${k.statusCode} ${k.body}`);
    cookie = cookieFrom(k.headers['set-cookie']);
  }
  return { cookie, username };
}

/** "name=value" of the first Set-Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat()[0];
  if (!first) throw new Error('no Set-Cookie header');
  return first.split(';')[0]!;
}

/** The audit log, oldest first, optionally for one subject. */
export async function auditRows(db: Db, subjectId?: string) {
  return rowsOf<{ actor: string; action: string; subject_id: string; details: Record<string, unknown> }>(
    await db.execute(
      sql`select actor, action, subject_id, details from audit_log where ${subjectId ?? null}::text is null or subject_id = ${subjectId ?? null}::text order by created_at`,
    ),
  );
}

/** A staff request with the session cookie (and a JSON body for POSTs). */
export function staffRequest(app: FastifyInstance, cookie: string | undefined) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
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
