import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../shared/contracts/staff-accounts';
import { auditLog } from '../db/schema';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

describe.each(testDbKinds)('the audit log view (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let admin: string;
  beforeAll(async () => {
    t = await openTestApp(kind);
    admin = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie;
    // 120 changes by one person, one every 30 minutes from 1 July 2026 00:15 UTC (01:15 BST), ten of them in
    // the same microsecond, so paging must order by id as well; and a few by someone else.
    const start = Date.parse('2026-07-01T00:15:00Z');
    const at = (i: number) => new Date(i < 10 ? start : start + i * 1_800_000);
    await t.ctx.db.insert(auditLog).values([
      ...Array.from({ length: 120 }, (_, i) => ({
        actor: 'pip.pager',
        action: 'checked_in',
        subjectType: 'booking',
        subjectId: `b-${i}`,
        createdAt: at(i),
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        actor: 'oli.other',
        action: 'session_blocked',
        subjectType: 'restriction',
        subjectId: `r-${i}`,
        createdAt: at(i * 7),
      })),
    ]);
  });
  afterAll(() => t?.close());

  const read = async (query: Record<string, string>) => {
    const res = await staffRequest(t.app, admin)('GET', `/api/admin/audit-log?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { entries: AuditEntryDto[]; nextCursor: string | null };
  };
  /** Every page, following the cursor. */
  const readAll = async (query: Record<string, string>) => {
    const pages: AuditEntryDto[][] = [];
    let before: string | null = null;
    do {
      const page = await read(before ? { ...query, before } : query);
      pages.push(page.entries);
      before = page.nextCursor;
    } while (before);
    return pages;
  };

  it('pages one person’s changes newest first, 50 at a time, each once', async () => {
    const pages = await readAll({ actor: 'pip.pager' });
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    const all = pages.flat();
    expect(new Set(all.map((e) => e.id)).size).toBe(120);
    expect(all.every((e) => e.actor === 'pip.pager')).toBe(true);
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ action: 'checked_in', subjectType: 'booking', subjectId: 'b-119', details: {} });
  });

  it('filters by dates at the venue (whole London days, the end day included)', async () => {
    // 1 July 00:15 UTC is 01:15 on 1 July in London; the 47th change (23:15 UTC on 1 July) is 00:15 on the 2nd.
    const first = (await readAll({ actor: 'pip.pager', from: '2026-07-01', to: '2026-07-01' })).flat();
    expect(first.map((e) => e.subjectId).sort()).toEqual(Array.from({ length: 46 }, (_, i) => `b-${i}`).sort());
    const second = (await readAll({ actor: 'pip.pager', from: '2026-07-02' })).flat();
    expect(second).toHaveLength(120 - 46);
    expect((await read({ to: '2026-06-30' })).entries).toEqual([]);
  });

  it('without a person, shows everyone', async () => {
    const all = (await readAll({ from: '2026-07-01', to: '2026-07-03' })).flat();
    expect(all).toHaveLength(125);
    expect(new Set(all.map((e) => e.actor))).toEqual(new Set(['pip.pager', 'oli.other']));
    expect((await read({ actor: 'nobody.here' })).entries).toEqual([]);
  });

  it('refuses a start after the end, a bad date and a made-up cursor with a 400', async () => {
    const get = (q: string) => staffRequest(t.app, admin)('GET', `/api/admin/audit-log?${q}`);
    const backwards = await get('from=2026-07-03&to=2026-07-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toEqual(['The start date is after the end date']);
    expect((await get('from=yesterday')).statusCode).toBe(400);
    expect((await get('before=1')).statusCode).toBe(400);
    // Shaped like a cursor but impossible (month 45, hour 87; 30 February; not a uuid): 400, never the database's 500.
    const id = '0b4f7c2e-1d3a-4e5f-8a9b-0c1d2e3f4a5b';
    for (const cursor of [
      `2982-45-82T87:02:16.648184Z~${id}`,
      `2026-02-30T10:00:00.000000Z~${id}`,
      '2026-07-02T10:00:00.000000Z~-aa-----e----7df-1ef73--d77c---5f--6',
    ])
      expect((await get(`before=${encodeURIComponent(cursor)}`)).statusCode).toBe(400);
    expect((await get(`before=${encodeURIComponent(`2026-07-02T10:00:00.000000Z~${id}`)}`)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const staff = (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie;
    expect((await staffRequest(t.app, staff)('GET', '/api/admin/audit-log')).statusCode).toBe(403);
    expect((await staffRequest(t.app, undefined)('GET', '/api/admin/audit-log')).statusCode).toBe(401);
  });
});
