import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { daysBetween, mondayOf, todayInLondon } from '../../shared/dates';

/**
 * Which backups in BACKUP_DIR to keep (DECISIONS.md "Nothing is lost": 7 daily, 4 weekly). Pure, so the
 * rules are tested on names alone; `applyRetention` below does the deleting.
 *
 * - A backup is a dump named `playtime-barn-YYYYMMDD-HHMMSSZ.pgdump` (or `.sql.gz`) with its
 *   `<dump>.manifest.json` beside it; the name's UTC instant dates it, on the venue's (London) calendar.
 * - Kept: the newest backup of each of the last `days` London dates (today included), and the newest of
 *   each of the last `weeks` ISO weeks (Monday to Sunday, this week included). A backup may be both.
 * - Removed: every other backup, its dump and manifest together.
 * - A dump without its manifest, or a manifest without its dump, is not a backup: it may be one being
 *   written right now, so it is left alone for a day and then removed as the leftover of a failed run.
 * - A temporary file of writeBackup's ('.playtime-barn-….partial-<pid>') that is a day old is the leftover
 *   of a process stopped mid-backup: removed. A younger one may be a backup being written: left alone.
 * - Anything else in the folder is not ours and is never touched; nor is a backup dated after `now`
 *   (a clock set wrong somewhere: deleting what we cannot place is the wrong way to be wrong).
 */
export type RetentionPolicy = { days: number; weeks: number };
export const defaultRetention: RetentionPolicy = { days: 7, weeks: 4 };

const DUMP_NAME = /^playtime-barn-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.(pgdump|sql\.gz)$/;
const PARTIAL_NAME = /^\.(playtime-barn-\d{8}-\d{6}Z\.(?:pgdump|sql\.gz))\.partial-\d+(?:\.manifest\.json)?$/;
const MANIFEST_SUFFIX = '.manifest.json';
const LEFTOVER_AGE_MS = 24 * 3_600_000;

/** The instant a backup file's name records, or null when the name is not one of ours. */
export function backupInstant(dumpName: string): Date | null {
  const m = DUMP_NAME.exec(dumpName);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 20260231 is not a date: Date.UTC would roll it into March.
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}

export function planRetention(
  names: readonly string[],
  now: Date,
  policy: RetentionPolicy = defaultRetention,
): { keep: string[]; remove: string[] } {
  const present = new Set(names);
  const keep: string[] = [];
  const remove: string[] = [];
  const backups: { dump: string; at: Date }[] = [];
  for (const name of names) {
    const partial = PARTIAL_NAME.exec(name);
    const partialAt = partial ? backupInstant(partial[1]!) : null;
    if (partialAt) {
      (isLeftover(partialAt, now) ? remove : keep).push(name);
      continue;
    }
    const at = backupInstant(name);
    if (at) {
      if (present.has(name + MANIFEST_SUFFIX)) backups.push({ dump: name, at });
      else (isLeftover(at, now) ? remove : keep).push(name);
    } else if (name.endsWith(MANIFEST_SUFFIX)) {
      const dump = name.slice(0, -MANIFEST_SUFFIX.length);
      const dumpAt = backupInstant(dump);
      // An orphan manifest of ours; a pair's manifest goes with its dump below; anything else is not ours.
      if (dumpAt && !present.has(dump)) (isLeftover(dumpAt, now) ? remove : keep).push(name);
    }
  }

  const today = todayInLondon(now);
  const thisMonday = mondayOf(today);
  const daysSeen = new Set<string>();
  const weeksSeen = new Set<string>();
  backups.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.dump < b.dump ? 1 : -1));
  for (const b of backups) {
    const day = todayInLondon(b.at);
    const monday = mondayOf(day);
    const daysAgo = daysBetween(day, today);
    const weeksAgo = daysBetween(monday, thisMonday) / 7;
    let kept = b.at.getTime() > now.getTime();
    if (daysAgo >= 0 && daysAgo < policy.days && !daysSeen.has(day)) {
      daysSeen.add(day);
      kept = true;
    }
    if (weeksAgo >= 0 && weeksAgo < policy.weeks && !weeksSeen.has(monday)) {
      weeksSeen.add(monday);
      kept = true;
    }
    (kept ? keep : remove).push(b.dump, b.dump + MANIFEST_SUFFIX);
  }
  return { keep, remove };
}

const isLeftover = (at: Date, now: Date) => now.getTime() - at.getTime() > LEFTOVER_AGE_MS;

/** Deletes what `planRetention` removes from `dir`; returns the names deleted. */
export async function applyRetention(dir: string, now: Date, policy = defaultRetention): Promise<string[]> {
  const { remove } = planRetention(await readdir(dir), now, policy);
  for (const name of remove) {
    // Another process may have pruned the same folder a moment ago.
    await unlink(path.join(dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  return remove;
}
