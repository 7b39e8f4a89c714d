import { sql } from 'drizzle-orm';
import { auditPageSize, type AuditLogResponse } from '../../shared/contracts/staff-accounts';
import { rowsOf, type Db } from '../db/client';

type Query = { actor?: string; from?: string; to?: string; before?: string };

/**
 * One page of the audit log, newest first. Keyset paging on (created_at, id), never OFFSET, so every page
 * costs the same; an exact actor uses audit_log_actor_created_idx, no actor audit_log_created_idx. Dates are
 * whole days at the venue (Europe/London), the end date included.
 */
export async function readAuditLog(db: Db, q: Query): Promise<AuditLogResponse> {
  const [beforeAt, beforeId] = q.before ? q.before.split('~') : [];
  const conditions = [
    q.actor ? sql`actor = ${q.actor}` : undefined,
    q.from ? sql`created_at >= (${q.from}::date::timestamp at time zone 'Europe/London')` : undefined,
    q.to ? sql`created_at < ((${q.to}::date + 1)::timestamp at time zone 'Europe/London')` : undefined,
    // Written out rather than as a row comparison, so the created_at bound can use the index.
    beforeAt
      ? sql`created_at <= ${beforeAt}::timestamptz and (created_at < ${beforeAt}::timestamptz or id < ${beforeId}::uuid)`
      : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = rowsOf<{
    id: string;
    at: string | Date;
    cursor_at: string;
    actor: string;
    action: string;
    subject_type: string;
    subject_id: string;
    details: Record<string, unknown>;
  }>(
    await db.execute(sql`
      select id, created_at as at, actor, action, subject_type, subject_id, details,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from audit_log ${where}
      order by created_at desc, id desc
      limit ${auditPageSize + 1}`),
  );
  const page = rows.slice(0, auditPageSize);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      details: r.details,
    })),
    nextCursor: rows.length > auditPageSize && last ? `${last.cursor_at}~${last.id}` : null,
  };
}
