import type { AvailableSessionsResponse } from '../../shared/contracts/checkin';
import { getAvailability } from '../calendar/availability';
import type { Db } from '../db/client';

/**
 * GET /api/available-sessions/{date}: the day's sessions and whether each can still be booked (not
 * blocked, room left, before last entry), for the kiosk's "Other Sessions Today".
 */
export async function availableSessions(opts: { db: Db; date: string; now: Date }): Promise<AvailableSessionsResponse> {
  const [day] = await getAvailability(opts.db, { from: opts.date, to: opts.date }, opts.now);
  const sessions = (day?.sessions ?? []).map((s) => {
    const [startLabel = s.label, endLabel = ''] = s.label.split(' - ');
    return { id: s.id, label: s.label, startLabel, endLabel, available: s.available };
  });
  return { success: true, date: opts.date, sessions };
}
