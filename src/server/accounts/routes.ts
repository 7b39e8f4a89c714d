import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  accountsRangeSchema,
  accountsSettingsPutSchema,
  journalQuerySchema,
  type AccountsSettingsView,
} from '../../shared/contracts/accounts';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { writeAudit } from '../staff/audit';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { journalCsv } from './journal-csv';
import { payoutsReport } from './payouts';
import { readAccountsSettings, saveAccountsSettings } from './settings';
import { vatSummary } from './vat-summary';

/**
 * The accountant's figures (issue 50, DECISIONS.md "Takings the accountant can file"): admins only. The
 * settings are versioned (every save kept) and audited; the journal is streamed and its download audited.
 */
export function accountsRoutes({ staffApp }: RouteScopes, ctx: AppContext): void {
  const app: FastifyInstance = staffApp;

  app.get('/api/admin/accounts/settings', async (request): Promise<AccountsSettingsView> => {
    await requireStaff(ctx, request, { role: 'admin' });
    return readAccountsSettings(ctx.db);
  });

  app.put('/api/admin/accounts/settings', async (request): Promise<AccountsSettingsView> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(accountsSettingsPutSchema, request.body);
    return ctx.db.transaction(async (tx) => {
      const before = await readAccountsSettings(tx);
      const saved = await saveAccountsSettings(tx, { ...input, actor: actorOf(admin) });
      await writeAudit(tx, {
        actor: actorOf(admin),
        action: 'accounts.settings_saved',
        subjectType: 'accounts_settings',
        subjectId: String(saved.version),
        details: { before: before.settings, after: saved.settings },
      });
      return saved;
    });
  });

  app.get('/api/admin/accounts/vat', async (request) => {
    await requireStaff(ctx, request, { role: 'admin' });
    return vatSummary(ctx.db, parseInput(accountsRangeSchema, request.query));
  });

  app.get('/api/admin/accounts/journal.csv', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const q = parseInput(journalQuerySchema, request.query);
    await writeAudit(ctx.db, {
      actor: actorOf(admin),
      action: 'accounts.journal_exported',
      subjectType: 'export',
      subjectId: 'journal',
      details: { from: q.from, to: q.to, basis: q.basis },
    });
    const body = Readable.from(journalCsv(ctx.db, q), { objectMode: false });
    body.on('error', (err) => request.log.error({ err }, 'journal export failed mid-stream'));
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="play-time-barn-journal-${q.basis}-${q.from}-to-${q.to}.csv"`,
      )
      .type('text/csv; charset=utf-8')
      .send(body);
  });

  app.get('/api/admin/accounts/payouts', async (request) => {
    await requireStaff(ctx, request, { role: 'admin' });
    return payoutsReport(ctx, parseInput(accountsRangeSchema, request.query));
  });
}
