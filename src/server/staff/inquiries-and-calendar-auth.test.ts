import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { insertInquiry } from '../inquiries/testing/inquiry-fixtures';

const someId = '7d7c8f5e-4b1a-4c3e-9a59-2f7f4e0d1c11';
const routes = [
  ['GET', '/api/admin/inquiries'],
  ['GET', '/api/admin/birthday-inquiries'],
  ['POST', '/api/admin/inquiries/:id/mark-responded'],
  ['POST', '/api/admin/inquiries/:id/mark-party-booked'],
  ['POST', '/api/admin/inquiries/:id/draft-response'],
  ['GET', '/api/admin/session-restrictions'],
  ['POST', '/api/admin/session-restrictions'],
  ['DELETE', '/api/admin/session-restrictions/:id'],
  ['GET', '/api/admin/outbox'],
] as const;

describe.each(testDbKinds)('admin inquiry and calendar routes need a staff session (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let kioskCookie: string;
  let inquiryId: string;
  beforeAll(async () => {
    t = await openTestApp(kind);
    kioskCookie = (await signInAs(t.app, t.ctx, { role: 'admin', kiosk: true })).cookie;
    inquiryId = await insertInquiry(t.ctx.db);
  });
  afterAll(() => t?.close());

  it('registers every route', () => {
    for (const [method, url] of routes) expect(t.routes, `${method} ${url}`).toContainEqual({ method, url });
  });

  it.each(routes)('%s %s: 401 with no session, 403 for a kiosk device, and nothing changes', async (method, url) => {
    const path = url.replace(':id', method === 'DELETE' ? someId : inquiryId);
    const body = method === 'POST' ? { date: '2099-01-01', timeSlot: 'all-day', reason: 'x' } : undefined;
    const auditBefore = (await auditRows(t.ctx.db)).length;
    const anonymous = await staffRequest(t.app, undefined)(method, path, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('sign_in_required');
    const kiosk = await staffRequest(t.app, kioskCookie)(method, path, body);
    expect(kiosk.statusCode).toBe(403);
    expect(kiosk.json().error.code).toBe('forbidden');
    expect((await auditRows(t.ctx.db)).length).toBe(auditBefore);
  });
});
