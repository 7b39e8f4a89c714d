import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayList, DayListResponse, SyncInput, SyncResponse } from '../../../../shared/contracts/kiosk-offline';
import { SYNC_BATCH_MAX } from '../../../../shared/contracts/kiosk-offline';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { newWalkInId } from '../lib/walk-in-id';
import { checkOffline, type OfflineLookup } from './check-offline';
import { dropQueued, forgetEverything, loadList, queueCheckIn, queued, saveList, type Queued } from './kiosk-store';

/** While online, the list is fetched this often (places sell and families check in all day). */
export const LIST_EVERY_MS = 3 * 60_000;
/** While the server cannot be reached, it is tried again this often. */
const RETRY_EVERY_MS = 15_000;

export type OfflineKiosk = {
  /** The server cannot be reached: scans are checked against the list and queued. */
  offline: boolean;
  /** The day's list is on the device (offline check-in is possible). */
  ready: boolean;
  tickets: number;
  /** Check-ins waiting to be sent. */
  waiting: number;
  lookup: (code: string) => Promise<OfflineLookup>;
  /** Queues the check-in of a ticket `lookup` accepted. */
  admit: (found: Extract<OfflineLookup, { ok: true }>, numberPlate: string | null) => Promise<void>;
};

const signedPart = (l: DayList): SyncInput['list'] => ({
  v: l.v,
  device: l.device,
  day: l.day,
  issuedAt: l.issuedAt,
  digest: l.digest,
  signature: l.signature,
});

/** A fetch that never reached the server (no network, server down), rather than an answer from it. */
const unreachable = (err: unknown) => !(err instanceof ApiError) || err.status >= 500;

/**
 * The kiosk device's offline side (issue 41): keeps the day's list fresh while online, tells the screen
 * when the server cannot be reached, and sends the queue (in batches, each item once) when it can again.
 */
export function useOfflineKiosk(): OfflineKiosk {
  const [list, setList] = useState<DayList | null>(null);
  const [reachable, setReachable] = useState(true);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState(0);
  const busy = useRef(false);

  const countQueue = useCallback(async () => setWaiting((await queued()).length), []);

  /** Sends the queue, then fetches a fresh list (with the queue's check-ins counted in). */
  const refresh = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      let items = await queued();
      while (items.length > 0) {
        // One list at a time: every item is sent with the list it was checked against.
        const ref = items[0]!.list;
        const batch = items.filter((i) => i.list.signature === ref.signature).slice(0, SYNC_BATCH_MAX);
        const res = await apiPost<SyncResponse>('/api/check-in/sync', {
          list: ref,
          items: batch.map(({ id, ticket, admittedAt, numberPlate }) => ({ id, ticket, admittedAt, numberPlate })),
        });
        await dropQueued(res.results.map((r) => r.id));
        items = await queued();
      }
      const { list: fresh } = await apiGet<DayListResponse>('/api/check-in/day-list');
      await saveList(fresh);
      setList(fresh);
      setReachable(true);
    } catch (err) {
      if (unreachable(err)) setReachable(false);
      else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        // Kiosk mode ended: nothing of the day stays on the device.
        await forgetEverything();
        setList(null);
      } else if (err instanceof ApiError && err.status === 400) {
        // A list the server no longer accepts (another day's, or altered): drop what cannot be sent.
        await dropQueued((await queued()).map((i) => i.id));
      }
    } finally {
      busy.current = false;
      await countQueue();
    }
  }, [countQueue]);

  useEffect(() => {
    // What the device kept, read once the page is up (the list is what offline check-in needs).
    const first = setTimeout(() => {
      void loadList().then(setList);
      void countQueue();
    }, 0);
    // The network coming back sends the queue (the effect below, as `online` changes).
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [countQueue]);

  const offline = !online || !reachable;
  useEffect(() => {
    if (!online) return;
    const now = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), offline ? RETRY_EVERY_MS : LIST_EVERY_MS);
    return () => {
      clearTimeout(now);
      clearInterval(timer);
    };
  }, [online, offline, refresh]);

  // At midnight the list goes.
  useEffect(() => {
    if (!list) return;
    const timer = setTimeout(
      () => void loadList().then(setList),
      Math.max(0, Date.parse(list.expiresAt) - Date.now()) + 1000,
    );
    return () => clearTimeout(timer);
  }, [list]);

  const lookup = useCallback(
    async (code: string): Promise<OfflineLookup> => {
      const current = list && (await loadList());
      if (!current)
        return {
          ok: false,
          title: 'Offline',
          message: 'This kiosk cannot check tickets while offline today. Please see the counter.',
        };
      return checkOffline(current, code);
    },
    [list],
  );

  const admit = useCallback(
    async (found: Extract<OfflineLookup, { ok: true }>, numberPlate: string | null) => {
      if (!list) throw new Error('no day list');
      const item: Queued = {
        id: newWalkInId(),
        ticket: found.hash,
        admittedAt: new Date().toISOString(),
        numberPlate,
        places: found.places,
        list: signedPart(list),
      };
      await queueCheckIn(item);
      await countQueue();
    },
    [list, countQueue],
  );

  return { offline, ready: list !== null, tickets: list?.tickets.length ?? 0, waiting, lookup, admit };
}
