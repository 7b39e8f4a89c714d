import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { JobMonitor } from './job-monitor';

/** Readiness fails on these, each named in the answer (DECISIONS.md "Nothing is lost"). */
export const readinessLimits = { oldestMailMinutes: 30, jobLateMinutes: 60 };

export type Readiness = {
  ok: boolean;
  /** The causes, when not ok: 'database', 'mail', 'jobs', 'shutting_down'. */
  failing: string[];
  checks: {
    database: { ok: boolean };
    mail: { ok: boolean; waiting: number; oldestMinutes: number };
    jobs: { ok: boolean; late: { job: string; lateMinutes: number }[] };
  };
};

export type OutboxState = { waiting: number; oldestSeconds: number };

/** Mails waiting to be sent and how old the oldest is (the outbox's status index keeps this cheap). */
export async function outboxState(db: Db, now: Date): Promise<OutboxState> {
  const [row] = rowsOf<{ waiting: number | string; oldest: string | Date | null }>(
    await db.execute(sql`select count(*) as waiting, min(created_at) as oldest from outbox where status = 'pending'`),
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : 0,
  };
}

/** Whether this process should get traffic, and if not, why. */
export async function checkReadiness(opts: {
  db: Db;
  jobs: JobMonitor;
  now: Date;
  shuttingDown: boolean;
}): Promise<Readiness> {
  let database = true;
  let mail: OutboxState = { waiting: 0, oldestSeconds: 0 };
  try {
    mail = await outboxState(opts.db, opts.now);
  } catch {
    database = false;
  }
  const oldestMinutes = Math.floor(mail.oldestSeconds / 60);
  const mailOk = oldestMinutes < readinessLimits.oldestMailMinutes;
  const late = opts.jobs
    .lateness(opts.now)
    .map(({ job, lateSeconds }) => ({ job, lateMinutes: Math.floor(lateSeconds / 60) }))
    .filter((j) => j.lateMinutes >= readinessLimits.jobLateMinutes);
  const failing = [
    ...(opts.shuttingDown ? ['shutting_down'] : []),
    ...(database ? [] : ['database']),
    ...(database && !mailOk ? ['mail'] : []),
    ...(late.length ? ['jobs'] : []),
  ];
  return {
    ok: failing.length === 0,
    failing,
    checks: {
      database: { ok: database },
      mail: { ok: database && mailOk, waiting: mail.waiting, oldestMinutes },
      jobs: { ok: late.length === 0, late },
    },
  };
}
