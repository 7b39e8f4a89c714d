import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README.md's "Where everything is" is the map a newcomer walks by: every server domain folder must be on it,
 * and nothing on it may be a folder that has gone. `testing/` (test-only code) is named there too, but is not
 * a domain, so it is not required.
 */
const root = process.cwd();

/** The folders named under `src/server/` in the README map's code block: the first column of its indented lines. */
function serverFoldersOnMap(readme: string): string[] {
  const section = readme.split(/^## Where everything is$/m)[1];
  if (section === undefined) throw new Error('README.md has no "## Where everything is" section');
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('the "Where everything is" section has no code block');
  const lines = block.split('\n');
  const start = lines.findIndex((line) => line.startsWith('src/server/'));
  if (start < 0) throw new Error('the map has no src/server/ entry');
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level entry (src/web/, tests/, ...)
    const entry = /^ {2}(\S.*?)(?: {2,}|$)/.exec(line)?.[1];
    if (!entry) continue; // a description's second line
    for (const token of entry.split(/[\s,]+/)) {
      const name = /^([a-z][a-z0-9-]*)\/$/.exec(token)?.[1];
      if (name) names.push(name);
    }
  }
  return names;
}

function serverFolders(): string[] {
  return readdirSync(path.join(root, 'src', 'server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("README's map of src/server/", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

  it('names every server domain folder', () => {
    const onMap = new Set(serverFoldersOnMap(readme));
    const missing = serverFolders().filter((name) => name !== 'testing' && !onMap.has(name));
    expect(missing, 'folders of src/server/ missing from README.md "Where everything is"').toEqual([]);
  });

  it('names no folder that is not there', () => {
    const folders = new Set(serverFolders());
    const gone = serverFoldersOnMap(readme).filter((name) => !folders.has(name));
    expect(gone, "folders on README.md's map that src/server/ does not have").toEqual([]);
  });

  it('reads the first column only, including lines that name several folders', () => {
    const sample = [
      '## Where everything is',
      '```',
      'src/server/            app.ts',
      '  bookings/            booking; guests/: not a folder of ours',
      '                       more about bookings/',
      '  db/ http/ security/  schema',
      '  testing/, */testing/ test apps',
      'src/web/               app/',
      '  features/<area>/     one folder a page',
      '```',
    ].join('\n');
    expect(serverFoldersOnMap(sample)).toEqual(['bookings', 'db', 'http', 'security', 'testing']);
  });
});
