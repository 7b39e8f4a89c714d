import { publicCatalogueOf, type AdminCatalogue, type PublicCatalogue } from '../../shared/catalogue';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { catalogueVersion, loadCatalogue } from './load-catalogue';

/**
 * The catalogue in memory, one copy per database handle (DECISIONS.md: every process shows an edit within
 * 5 seconds). A reader gets the copy; at most once a second one reader asks catalogue_state for the
 * version, and a new version reloads the copy. An edit in this process invalidates it at once.
 */
const CHECK_EVERY_MS = 1000;

type Store = {
  all: AdminCatalogue | null;
  checkedAt: number;
  pending: Promise<AdminCatalogue> | null;
  /** Bumped by invalidate(): a load begun before the edit must not count as fresh. */
  generation: number;
  publicByDay: Map<string, PublicCatalogue>;
  /** Told after this process changes the catalogue (onCatalogueChange). */
  listeners: Set<() => void>;
};

const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let s = stores.get(db);
  if (!s)
    stores.set(
      db,
      (s = {
        all: null,
        checkedAt: -Infinity,
        pending: null,
        generation: 0,
        publicByDay: new Map(),
        listeners: new Set(),
      }),
    );
  return s;
}

/** The whole catalogue, as of at most a second ago (or of this process's last edit). */
export function catalogueOf(db: Db): Promise<AdminCatalogue> {
  const s = storeOf(db);
  if (s.all && performance.now() - s.checkedAt < CHECK_EVERY_MS) return Promise.resolve(s.all);
  if (s.pending) return s.pending;
  const generation = s.generation;
  const pending = (async () => {
    const version = await catalogueVersion(db);
    if (!s.all || s.all.version !== version || s.generation !== generation) {
      const all = await loadCatalogue(db);
      if (!s.all || all.version !== s.all.version) s.publicByDay.clear();
      s.all = all;
    }
    if (s.generation === generation) s.checkedAt = performance.now();
    return s.all;
  })();
  s.pending = pending;
  void pending
    .finally(() => {
      if (s.pending === pending) s.pending = null;
    })
    .catch(() => undefined);
  return pending;
}

/** What public pages show on the venue's day of `now`. */
export async function publicCatalogue(db: Db, now: Date): Promise<PublicCatalogue> {
  const all = await catalogueOf(db);
  const s = storeOf(db);
  const day = todayInLondon(now);
  let view = s.publicByDay.get(day);
  if (!view || view.version !== all.version) {
    if (s.publicByDay.size > 4) s.publicByDay.clear();
    s.publicByDay.set(day, (view = publicCatalogueOf(all, day)));
  }
  return view;
}

/**
 * After an edit commits (or a closure, which the public calendar shows): the next reader in this process
 * loads the new catalogue, and whatever registered with onCatalogueChange drops what it built from it.
 */
export function invalidateCatalogue(db: Db): void {
  const s = storeOf(db);
  s.generation += 1;
  s.checkedAt = -Infinity;
  s.pending = null;
  for (const listener of s.listeners) listener();
}

/**
 * For a higher domain that keeps something built from the catalogue (the calendar's month availability):
 * `listener` is called after each change this process makes, so it serves its own write at once (other
 * processes' copies age out on their own). Answers the way to unregister.
 */
export function onCatalogueChange(db: Db, listener: () => void): () => void {
  const { listeners } = storeOf(db);
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
