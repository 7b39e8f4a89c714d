import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import { backupRuns } from '../db/schema';
import { authed } from '../testing/dashboard-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

/** The Overview's "Last backup": the newest good backup, overdue after 26 hours, and a failed newest attempt. */
describe.each(testDbKinds)('the Overview backup card (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2026-03-14T09:00:00Z');
  let staff = '';
  let admin = '';
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    staff = (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie;
    admin = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie;
  });
  beforeEach(async () => {
    clock = new Date('2026-03-14T09:00:00Z');
    await t.ctx.db.delete(backupRuns);
  });
  afterAll(() => t?.close());

  const backupAs = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DashboardStatsResponse).backup;
  };
  const run = (v: {
    slot: string;
    status: 'ok' | 'failed' | 'running';
    started: string;
    finished?: string;
    bytes?: number;
    kind?: 'nightly' | 'manual';
    attempts?: number;
    error?: string;
  }) =>
    t.ctx.db.insert(backupRuns).values({
      slot: v.slot,
      kind: v.kind ?? 'nightly',
      status: v.status,
      attempts: v.attempts ?? 1,
      startedAt: new Date(v.started),
      finishedAt: v.finished ? new Date(v.finished) : null,
      file: v.bytes ? `playtime-barn-${v.slot}.pgdump` : null,
      bytes: v.bytes ?? null,
      error: v.error ?? null,
    });

  it('says there is none, as overdue, before the first backup', async () => {
    expect(await backupAs(staff)).toEqual({ last: null, overdue: true, failed: null });
  });

  it('shows the newest good backup, and turns overdue only after 26 hours', async () => {
    await run({ slot: 'a', status: 'ok', started: '2026-03-12T02:00:00Z', finished: '2026-03-12T02:01:00Z', bytes: 1 });
    await run({
      slot: 'b',
      status: 'ok',
      started: '2026-03-13T02:00:00Z',
      finished: '2026-03-13T02:01:10Z',
      bytes: 4_200_000,
    });
    await run({ slot: 'c', status: 'running', started: '2026-03-14T02:59:00Z' }); // in progress: not a backup yet
    clock = new Date('2026-03-14T03:00:00Z');
    expect(await backupAs(staff)).toEqual({
      last: { at: '2026-03-13T02:01:10.000Z', bytes: 4_200_000, kind: 'nightly' },
      overdue: false,
      failed: null,
    });
    clock = new Date('2026-03-14T04:01:10Z'); // exactly 26 hours: not yet
    expect((await backupAs(staff)).overdue).toBe(false);
    clock = new Date('2026-03-14T04:01:11Z');
    expect((await backupAs(staff)).overdue).toBe(true);
  });

  it('shows a failed newest attempt to every member of staff, its error to admins only', async () => {
    await run({
      slot: 'm',
      kind: 'manual',
      status: 'ok',
      started: '2026-03-13T20:00:00Z',
      finished: '2026-03-13T20:00:05Z',
      bytes: 900,
    });
    await run({
      slot: 'nightly:2026-03-14',
      status: 'failed',
      attempts: 2,
      started: '2026-03-14T02:05:00Z',
      finished: '2026-03-14T02:05:02Z',
      error: 'pg_dump failed: connection to server at "db.internal" failed',
    });
    expect(await backupAs(staff)).toEqual({
      last: { at: '2026-03-13T20:00:05.000Z', bytes: 900, kind: 'manual' },
      overdue: false,
      failed: { at: '2026-03-14T02:05:02.000Z', attempts: 2 },
    });
    expect((await backupAs(admin)).failed).toEqual({
      at: '2026-03-14T02:05:02.000Z',
      attempts: 2,
      error: 'pg_dump failed: connection to server at "db.internal" failed',
    });
    // A later attempt that worked: nothing failed any more.
    await run({
      slot: 'manual:later',
      kind: 'manual',
      status: 'ok',
      started: '2026-03-14T08:00:00Z',
      finished: '2026-03-14T08:00:03Z',
      bytes: 950,
    });
    expect((await backupAs(staff)).failed).toBeNull();
  });

  it('is for signed-in staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('backup');
  });
});
