import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { exportKinds, exportRangeSchema } from '../../shared/contracts/exports';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { writeAudit } from '../staff/audit';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { exportCsv } from './export-csv';

/**
 * CSV exports (DECISIONS.md "Running the day"; columns in docs/csv-exports.md): admins only, since each
 * file holds every family's contact details for the range. Streamed page by page, so a year's export
 * never sits in memory; every export is audited with who took it and the range.
 */
export function exportRoutes({ staffApp }: RouteScopes, ctx: AppContext): void {
  staffRoutes(staffApp, ctx);
}

function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of exportKinds) {
    app.get(`/api/admin/exports/${kind}.csv`, async (request, reply) => {
      const admin = await requireStaff(ctx, request, { role: 'admin' });
      const range = parseInput(exportRangeSchema, request.query);
      await writeAudit(ctx.db, {
        actor: actorOf(admin),
        action: 'export.csv',
        subjectType: 'export',
        subjectId: kind,
        details: { from: range.from, to: range.to },
      });
      // objectMode off: the stream buffers bytes (its high-water mark), not a queue of whole pages.
      const body = Readable.from(exportCsv(ctx.db, kind, range), { objectMode: false });
      body.on('error', (err) => request.log.error({ err }, 'csv export failed mid-stream'));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="play-time-barn-${kind}-${range.from}-to-${range.to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(body);
    });
  }
}
