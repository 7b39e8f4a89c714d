import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A file's measured duration in seconds, by path from the repository root (docs/testing.md says how to
 * refresh them: `npm run test:durations`).
 */
export type Durations = Record<string, number>;

/**
 * Longest first, from durations measured on the 2-core machine and committed beside the config, because CI
 * runs in a fresh clone where vitest has no results cache and would fall back to "largest file first".
 * vitest's pool hands the next file in this order to whichever worker is free, so longest-first keeps two
 * lanes within about one short file of each other at the end. A file with no measurement (a new one) is
 * given the seconds per byte of the measured files times its size, so it is placed where it probably belongs
 * rather than last, where a long one would run alone at the end.
 */
export function measuredSequencer(durationsFile: string) {
  return class MeasuredSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const durations = readDurations(durationsFile);
      const estimate = estimator(root, durations);
      const seconds = new Map(files.map((f) => [f, estimate(path.relative(root, f.moduleId))]));
      return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
    }
  };
}

function readDurations(file: string): Durations {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

const sizeOf = (root: string, file: string) => {
  try {
    return statSync(path.join(root, file)).size;
  } catch {
    return 0;
  }
};

/** Seconds for a file: its measurement, or its size times the measured files' seconds per byte. */
export function estimator(root: string, durations: Durations): (file: string) => number {
  let bytes = 0;
  let total = 0;
  for (const [file, s] of Object.entries(durations)) {
    const size = sizeOf(root, file);
    if (size === 0) continue;
    bytes += size;
    total += s;
  }
  const perByte = bytes > 0 ? total / bytes : 1e-3;
  return (file) => durations[file] ?? sizeOf(root, file) * perByte;
}
