import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../db/client';
import { lockMemberById } from '../loyalty/loyalty-ledger';
import { seedMember } from '../loyalty/testing/loyalty-fixtures';
import { lockParty } from '../parties/party-view';
import { bookOnline, onlinePartyForm, partyRow } from '../parties/testing/party-payment-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { eraseData } from './erase-data';

// Monday 1 June 2026, 09:00 BST.
const START = new Date('2026-06-01T08:00:00Z');

/** Waits until some transaction on this database is waiting for a row lock (another holds it). */
async function someoneWaitsForALock(db: Db): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nobody waited for a lock');
}

/**
 * Two transactions at once need two connections: PostgreSQL only (PGlite has one). A staff cancellation or a
 * party refund locks the party and then the family's loyalty member (party-loyalty.ts); an erasure of the same
 * family at that moment must wait for the party rather than take the member first, or one of the two would
 * be ended as a deadlock (a 500).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('erasure beside a party cancellation (postgres)', () => {
  const t = useClockedTestApp('postgres', START);
  const db = () => t.ctx.db;

  it('waits for a party locked by a cancellation that then locks the member: no deadlock', async () => {
    const email = 'lockorder@example.com';
    const memberId = await seedMember(db(), email, 40, 'Lock Order');
    const party = await bookOnline(t.app, onlinePartyForm(1, { date: '2026-06-22', parentEmail: email }));

    let erasure: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      await lockParty(tx, party.partyId); // as staffCancelParty and applyPartyPayment begin
      erasure = eraseData({ db: db(), email, actor: 'admin:ada', now: t.clock });
      erasure.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      await someoneWaitsForALock(db()); // the erasure is now blocked on a lock this transaction holds
      await lockMemberById(tx, memberId); // as reversePartyRefundPoints then does
    });
    await expect(erasure).resolves.toMatchObject({ parties: 1, pointsClosed: 40 });
    expect((await partyRow(db(), party.partyId)).parentEmail).toMatch(/^erased\+.*@invalid$/);
  }, 30_000);
});
