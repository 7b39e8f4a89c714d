import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRetention, backupInstant, planRetention } from './retention';

/** A backup's dump name for a UTC instant, as writeBackup names it. */
const dumpAt = (iso: string, ext = 'pgdump') => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `playtime-barn-${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z.${ext}`;
};
const pair = (iso: string, ext?: string) => [dumpAt(iso, ext), `${dumpAt(iso, ext)}.manifest.json`];
/** The dumps kept, oldest first, as ISO instants: easier to read in a failure than file names. */
const keptDumps = (names: string[], now: string) =>
  planRetention(names, new Date(now))
    .keep.map((n) => backupInstant(n)?.toISOString())
    .filter((x): x is string => !!x)
    .sort();

/** Nightly backups at 02:00 London, from `from` for `days` days (01:00Z in summer, 02:00Z in winter). */
function nightlies(from: string, days: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(Date.parse(`${from}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const summer =
      new Date(`${day}T12:00:00Z`).toLocaleString('en-GB', { timeZone: 'Europe/London', hour: '2-digit' }) === '13';
    out.push(`${day}T0${summer ? 1 : 2}:00:00.000Z`);
  }
  return out;
}

describe('backup retention', () => {
  it('reads our names, and only ours', () => {
    expect(backupInstant('playtime-barn-20260314-020000Z.pgdump')?.toISOString()).toBe('2026-03-14T02:00:00.000Z');
    expect(backupInstant('playtime-barn-20260314-020000Z.sql.gz')?.toISOString()).toBe('2026-03-14T02:00:00.000Z');
    expect(backupInstant('playtime-barn-20260231-020000Z.pgdump')).toBeNull();
    expect(backupInstant('playtime-barn-20260314-250000Z.pgdump')).toBeNull();
    expect(backupInstant('playtime-barn-20260314-020000Z.pgdump.tmp')).toBeNull();
    expect(backupInstant('other-20260314-020000Z.pgdump')).toBeNull();
  });

  it('keeps the last 7 nightly backups and one a week for 4 weeks, deleting the rest in pairs', () => {
    // 60 nights to Saturday 14 March 2026; "now" is that morning at 09:00.
    const instants = nightlies('2026-01-14', 60);
    const names = instants.flatMap((i) => pair(i));
    const plan = planRetention(names, new Date('2026-03-14T09:00:00Z'));
    expect(keptDumps(names, '2026-03-14T09:00:00Z')).toEqual([
      // The newest of each earlier ISO week (Sundays): weeks of 16 Feb, 23 Feb, 2 Mar.
      '2026-02-22T02:00:00.000Z',
      '2026-03-01T02:00:00.000Z',
      // The last 7 days, 8 to 14 March (the week of 9 March's newest, the 14th, is among them).
      '2026-03-08T02:00:00.000Z',
      '2026-03-09T02:00:00.000Z',
      '2026-03-10T02:00:00.000Z',
      '2026-03-11T02:00:00.000Z',
      '2026-03-12T02:00:00.000Z',
      '2026-03-13T02:00:00.000Z',
      '2026-03-14T02:00:00.000Z',
    ]);
    // Every dump goes with its manifest, and nothing is both kept and removed.
    expect(plan.keep).toHaveLength(18);
    expect(plan.remove).toHaveLength(names.length - 18);
    for (const n of plan.remove.filter((x) => !x.endsWith('.manifest.json')))
      expect(plan.remove).toContain(`${n}.manifest.json`);
    expect(new Set([...plan.keep, ...plan.remove]).size).toBe(names.length);
  });

  it('keeps the newest of several backups a day, on London dates', () => {
    const names = [
      ...pair('2026-03-13T02:00:00Z'),
      ...pair('2026-03-13T14:30:00Z'), // a manual backup in the afternoon: the 13th's newest
      ...pair('2026-03-13T23:59:59Z'), // still the 13th in London (GMT)
      ...pair('2026-03-14T00:00:01Z'),
      ...pair('2026-03-14T02:00:00Z'),
    ];
    expect(keptDumps(names, '2026-03-14T09:00:00Z')).toEqual(['2026-03-13T23:59:59.000Z', '2026-03-14T02:00:00.000Z']);
  });

  it('dates backups by London time across the clock changes (BST: 23:30Z is the next day)', () => {
    const names = [
      ...pair('2026-07-13T22:30:00Z'), // 23:30 BST on the 13th
      ...pair('2026-07-13T23:30:00Z'), // 00:30 BST on the 14th
      ...pair('2026-07-14T01:00:00Z'), // 02:00 BST on the 14th: that day's newest
    ];
    expect(keptDumps(names, '2026-07-14T09:00:00Z')).toEqual(['2026-07-13T22:30:00.000Z', '2026-07-14T01:00:00.000Z']);
    // The night the clocks go forward (29 March 2026: 01:00 GMT becomes 02:00 BST) and back (25 October).
    const spring = nightlies('2026-03-25', 7).flatMap((i) => pair(i));
    expect(keptDumps(spring, '2026-03-31T09:00:00Z')).toHaveLength(7);
    const autumn = nightlies('2026-10-22', 7).flatMap((i) => pair(i));
    expect(keptDumps(autumn, '2026-10-28T09:00:00Z')).toHaveLength(7);
    // 00:30 BST on Monday 30 March is Monday's, so Sunday's 02:00 stays the newest of its ISO week.
    const weekEdge = [...pair('2026-03-29T01:00:00Z'), ...pair('2026-03-29T23:30:00Z')];
    expect(keptDumps(weekEdge, '2026-04-13T09:00:00Z')).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T23:30:00.000Z',
    ]);
  });

  it('with gaps, keeps what there is: no day is made up from another, old weeks still give one each', () => {
    const names = [
      ...pair('2026-02-16T02:00:00Z'), // the week of 16 Feb: the 4th of the 4 ISO weeks (9 Mar, 2 Mar, 23 Feb, 16 Feb)
      ...pair('2026-02-10T02:00:00Z'), // the week of 9 Feb: five weeks back, removed
      ...pair('2026-03-03T02:00:00Z'),
      ...pair('2026-03-04T02:00:00Z'),
      ...pair('2026-03-12T02:00:00Z'),
    ];
    const now = '2026-03-14T09:00:00Z';
    expect(keptDumps(names, now)).toEqual([
      '2026-02-16T02:00:00.000Z',
      '2026-03-04T02:00:00.000Z',
      '2026-03-12T02:00:00.000Z',
    ]);
    expect(planRetention(names, new Date(now)).remove).toEqual(
      expect.arrayContaining([...pair('2026-02-10T02:00:00Z'), ...pair('2026-03-03T02:00:00Z')]),
    );
  });

  it('never touches files that are not ours, unfinished pairs under a day old, or backups dated in the future', () => {
    const now = new Date('2026-03-14T09:00:00Z');
    const strangers = ['notes.txt', 'playtime-barn-20200101-020000Z.pgdump.tmp', 'x.manifest.json', '.DS_Store'];
    const writing = dumpAt('2026-03-14T08:59:00Z'); // its manifest not there yet
    const oldHalf = dumpAt('2026-01-01T02:00:00Z'); // a failed run's leftover
    const orphanManifest = `${dumpAt('2026-01-02T02:00:00Z')}.manifest.json`;
    const future = pair('2026-04-01T02:00:00Z');
    // writeBackup's temporary files: one being written now, two left by a process stopped mid-backup.
    const partialNow = `.${dumpAt('2026-03-14T08:59:00Z')}.partial-123`;
    const partialOld = [
      `.${dumpAt('2026-03-01T02:00:00Z')}.partial-99`,
      `.${dumpAt('2026-03-01T02:00:00Z')}.partial-99.manifest.json`,
    ];
    const plan = planRetention(
      [...strangers, writing, oldHalf, orphanManifest, ...future, partialNow, ...partialOld],
      now,
    );
    expect(plan.remove.sort()).toEqual([oldHalf, orphanManifest, ...partialOld].sort());
    expect(plan.keep).toEqual(expect.arrayContaining([writing, ...future, partialNow]));
    for (const s of strangers) expect([...plan.keep, ...plan.remove]).not.toContain(s);
  });

  it('deletes the removed files from the folder and leaves the rest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'retention-'));
    try {
      const names = [...nightlies('2026-01-01', 73).flatMap((i) => pair(i, 'sql.gz')), 'README.txt'];
      for (const n of names) await writeFile(path.join(dir, n), 'x');
      const removed = await applyRetention(dir, new Date('2026-03-14T09:00:00Z'));
      const left = (await readdir(dir)).sort();
      expect(left).toHaveLength(19); // 9 backups in pairs, and the README
      expect(left).toContain('README.txt');
      expect(removed).toHaveLength(names.length - 19);
      // Run again: nothing more to do.
      expect(await applyRetention(dir, new Date('2026-03-14T09:00:00Z'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
