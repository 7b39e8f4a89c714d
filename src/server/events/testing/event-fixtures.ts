import { solveChallenge } from 'altcha-lib/v1';
import type { EventDetail, EventInput, QueueState } from '../../../shared/contracts/events';
import type { Req } from '../../catalogue/testing/admin-fixtures';

/** Santa's grotto: two 10-minute slots of `places`, on sale at `onSaleAt`, £12 a child and £2 a grown-up. */
export function grotto(onSaleAt: Date, overrides: Partial<EventInput> = {}): EventInput {
  return {
    name: "Santa's grotto",
    description: 'A visit to Santa, a present per child chosen by age.',
    photoUrl: null,
    slots: [
      { startsAt: '2026-12-12T10:00:00Z', lengthMinutes: 10, places: 6 },
      { startsAt: '2026-12-12T10:10:00Z', lengthMinutes: 10, places: 6 },
    ],
    childPricePence: 1200,
    adultPricePence: 200,
    onSaleAt: onSaleAt.toISOString(),
    familyCap: 4,
    usesQueue: true,
    admitPerMinute: 60,
    ...overrides,
  };
}

/** Creates the event as the admin; throws with the answer when refused. */
export async function createEventAs(admin: Req, input: EventInput): Promise<EventDetail> {
  const res = await admin('POST', '/api/admin/catalogue/events', input);
  if (res.statusCode !== 201) throw new Error(`create event: ${res.statusCode} ${res.body}`);
  return res.json() as EventDetail;
}

/** Asks for a challenge and solves it as the browser does (altcha-lib's solver): the payload to send. */
export async function solvedPayload(req: Req, eventId: string): Promise<string> {
  const res = await req('GET', `/api/events/${eventId}/queue/challenge`);
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const c = res.json() as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Joins the queue with a solved challenge; the queue ticket. */
export async function joinQueueAs(req: Req, eventId: string): Promise<string> {
  const res = await req('POST', `/api/events/${eventId}/queue`, { payload: await solvedPayload(req, eventId) });
  if (res.statusCode !== 201) throw new Error(`join: ${res.statusCode} ${res.body}`);
  return (res.json() as { ticket: string }).ticket;
}

/** The queue's answer for a ticket. */
export async function pollQueue(req: Req, eventId: string, ticket: string): Promise<QueueState> {
  const res = await req('GET', `/api/events/${eventId}/queue/${ticket}`);
  if (res.statusCode !== 200) throw new Error(`poll: ${res.statusCode} ${res.body}`);
  return res.json() as QueueState;
}

/** `n` families in the queue before the sale, every one admitted a second after it (at 10,000 a minute). */
export async function admittedFamilies(
  req: Req,
  eventId: string,
  n: number,
  setClock: (d: Date) => void,
  onSale: Date,
) {
  setClock(new Date(onSale.getTime() - 60_000));
  const tickets: string[] = [];
  for (let i = 0; i < n; i++) tickets.push(await joinQueueAs(req, eventId));
  setClock(new Date(onSale.getTime() + 1000));
  const states = [];
  for (const tk of tickets) states.push(await pollQueue(req, eventId, tk));
  return states
    .sort((a, b) => a.position! - b.position!)
    .map((s, i) => {
      if (!s.admission) throw new Error(`family ${i} not admitted: ${JSON.stringify(s)}`);
      return s.admission;
    });
}

export const kids = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ firstName: `Kid${i}`, age: 3 + i, note: '' }));
