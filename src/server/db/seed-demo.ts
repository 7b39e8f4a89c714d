import { addDays, todayInLondon } from '../../shared/dates';
import type { Config } from '../config';
import type { Db } from './client';
import { appSettings, sessionRestrictions } from './schema';

/**
 * Demo data for a first start (DECISIONS.md: "the demo seed creates a few restrictions relative to
 * today"), so the booking calendar shows a blocked session and a blocked day straight away. Runs once
 * per database (a marker row), never in tests, and staff can remove the rows in the admin calendar.
 * Never in production: a real venue's calendar must not start with made-up closures.
 */
export async function seedDemoData(db: Db, now: Date, nodeEnv: Config['NODE_ENV'] = 'development'): Promise<void> {
  if (nodeEnv === 'production') return;
  await db.transaction(async (tx) => {
    const [marker] = await tx
      .insert(appSettings)
      .values({ key: 'demo_seeded', value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!marker) return;
    const day = (n: number) => addDays(todayInLondon(now), n);
    await tx.insert(sessionRestrictions).values([
      {
        date: day(15),
        sessionId: 'morning',
        reason: 'Private party',
        description: 'Morning session booked for a private party.',
        createdBy: 'demo seed',
      },
      {
        date: day(20),
        sessionId: null,
        reason: 'Staff training',
        description: 'Closed all day for staff first-aid training.',
        createdBy: 'demo seed',
      },
      {
        date: day(25),
        sessionId: 'afternoon',
        reason: 'Maintenance',
        description: 'Soft play frame inspection.',
        createdBy: 'demo seed',
      },
    ]);
  });
}
