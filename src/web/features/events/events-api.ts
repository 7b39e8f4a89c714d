import { useQuery } from '@tanstack/react-query';
import type { EventDetail, EventSummary, QueueState } from '../../../shared/contracts/events';
import { apiGet, apiPost } from '../../lib/api';

export const useEvents = () =>
  useQuery({
    queryKey: ['/api/events'],
    queryFn: () => apiGet<{ events: EventSummary[] }>('/api/events'),
  });

export const useEvent = (id: string) =>
  useQuery({
    queryKey: ['/api/events', id],
    queryFn: () => apiGet<EventDetail>(`/api/events/${id}`),
    // Places left move while the queue runs: asked again every 5 seconds.
    refetchInterval: 5000,
  });

/**
 * The family's place in the queue, asked every 3 seconds while waiting, and again at once when the phone
 * wakes (the tab becomes visible): the page survives the phone locking, the ticket is kept in localStorage.
 */
export const useQueueState = (id: string, ticket: string | null) =>
  useQuery({
    queryKey: ['/api/events', id, 'queue', ticket],
    enabled: !!ticket,
    queryFn: () => apiGet<QueueState>(`/api/events/${id}/queue/${encodeURIComponent(ticket!)}`),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'waiting' ? false : 3000),
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: false,
  });

const ticketKey = (id: string) => `event-queue-ticket:${id}`;
export const storedTicket = (id: string): string | null =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(ticketKey(id));

/** Solves the waiting room's proof of work (altcha-lib, loaded only now) and joins: the ticket, kept. */
export async function joinQueue(id: string): Promise<string> {
  const c = await apiGet<{ algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string }>(
    `/api/events/${id}/queue/challenge`,
  );
  const { solveChallenge } = await import('altcha-lib/v1');
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('Your browser could not finish the check. Please try again.');
  const payload = btoa(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
    }),
  );
  const { ticket } = await apiPost<{ ticket: string }>(`/api/events/${id}/queue`, { payload });
  localStorage.setItem(ticketKey(id), ticket);
  return ticket;
}

export type HeldPlaces = {
  bookingId: string;
  clientSecret: string;
  totalPence: number;
  places: number;
  expiresAt: string;
};
