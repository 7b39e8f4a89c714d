/**
 * `npm run test:durations`: merges the per-file seconds of the last run (test-results/e2e-durations.json,
 * written by durations-reporter.ts, passing files only) into the file the measured sequencer reads, so the
 * longest files start first. Files in the run replace their old figure; files not in it (a run of a few)
 * keep theirs; files that no longer exist are dropped.
 *   tsx tests/e2e/support/record-durations.ts LAST-RUN.json DURATIONS.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Durations } from './measured-sequencer';

const [reportFile, durationsFile] = process.argv.slice(2);
if (!reportFile || !durationsFile) {
  console.error('usage: record-durations.ts LAST-RUN.json DURATIONS.json');
  process.exit(2);
}
const read = (file: string): Durations => JSON.parse(readFileSync(file, 'utf8')) as Durations;
const merged: Durations = { ...(existsSync(durationsFile) ? read(durationsFile) : {}), ...read(reportFile) };
const kept = Object.fromEntries(
  Object.entries(merged)
    .filter(([file]) => existsSync(file))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(durationsFile, `${JSON.stringify(kept, null, 2)}\n`);
const total = Object.values(kept).reduce((sum, s) => sum + s, 0);
console.log(`${durationsFile}: ${Object.keys(kept).length} files, ${Math.round(total)} s in all`);
