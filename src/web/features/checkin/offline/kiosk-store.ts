import type { DayList, QueuedCheckIn, SyncInput } from '../../../../shared/contracts/kiosk-offline';

/**
 * What a kiosk device keeps for when the network drops (issue 41, DECISIONS.md "The kiosk offline"), in
 * IndexedDB: the day's list (hashes and counts only), the check-ins queued while offline, and how many
 * places this device let in on each ticket today. All of it is deleted at the end of the day and when
 * kiosk mode ends.
 */

const DB_NAME = 'ptb-kiosk';
const STORES = ['list', 'queue', 'admitted'] as const;
type Store = (typeof STORES)[number];

/** A queued check-in, with the ticket's places (what this device let in). */
export type Queued = QueuedCheckIn & { places: number; list: SyncInput['list'] };

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore('list');
      db.createObjectStore('queue', { keyPath: 'id' });
      db.createObjectStore('admitted');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opening;
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function tx<T>(stores: Store[], mode: IDBTransactionMode, work: (t: IDBTransaction) => Promise<T> | T) {
  const db = await open();
  const t = db.transaction(stores, mode);
  const finished = new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onabort = t.onerror = () => reject(t.error ?? new Error('IndexedDB transaction failed'));
  });
  const result = await work(t);
  await finished;
  return result;
}

/** The stored list, or null; a list past its day is deleted here (with this device's counts). */
export async function loadList(now = new Date()): Promise<DayList | null> {
  const list = await tx(['list'], 'readonly', (t) => done(t.objectStore('list').get('today')) as Promise<DayList>);
  if (!list) return null;
  if (Date.parse(list.expiresAt) <= now.getTime()) {
    await endOfDay();
    return null;
  }
  return list;
}

/** The device's name, kept with the list (so the kiosk can say which it is while offline). */
export async function saveLabel(label: string): Promise<void> {
  await tx(['list'], 'readwrite', (t) => void t.objectStore('list').put(label, 'label'));
}

export async function loadLabel(): Promise<string | null> {
  return tx(['list'], 'readonly', async (t) => ((await done(t.objectStore('list').get('label'))) as string) ?? null);
}

/** Keeps a new list; one for a new day starts the device's counts afresh. */
export async function saveList(list: DayList): Promise<void> {
  await tx(['list', 'admitted'], 'readwrite', async (t) => {
    const old = (await done(t.objectStore('list').get('today'))) as DayList | undefined;
    if (old && old.day !== list.day) t.objectStore('admitted').clear();
    t.objectStore('list').put(list, 'today');
  });
}

/** The end of the day: the list and the counts go (the queue stays until it has been sent). */
export async function endOfDay(): Promise<void> {
  await tx(['list', 'admitted'], 'readwrite', (t) => {
    t.objectStore('list').clear();
    t.objectStore('admitted').clear();
  });
}

/** Kiosk mode ended: everything goes. */
export async function forgetEverything(): Promise<void> {
  await tx([...STORES], 'readwrite', (t) => STORES.forEach((s) => t.objectStore(s).clear()));
}

/** Places this device let in on the ticket with this hash today. */
export async function admittedHere(hash: string): Promise<number> {
  return tx(['admitted'], 'readonly', async (t) => Number((await done(t.objectStore('admitted').get(hash))) ?? 0));
}

/** Queues an offline check-in and counts its places against the ticket, at once. */
export async function queueCheckIn(item: Queued): Promise<void> {
  await tx(['queue', 'admitted'], 'readwrite', async (t) => {
    const admitted = t.objectStore('admitted');
    const before = Number((await done(admitted.get(item.ticket))) ?? 0);
    admitted.put(before + item.places, item.ticket);
    t.objectStore('queue').put(item);
  });
}

/** The queue, oldest first. */
export async function queued(): Promise<Queued[]> {
  const items = await tx(['queue'], 'readonly', (t) => done(t.objectStore('queue').getAll()) as Promise<Queued[]>);
  return items.sort((a, b) => a.admittedAt.localeCompare(b.admittedAt));
}

/** Drops the items the server answered (applied, kept or refused: none is sent again). */
export async function dropQueued(ids: string[]): Promise<void> {
  await tx(['queue'], 'readwrite', (t) => ids.forEach((id) => t.objectStore('queue').delete(id)));
}
