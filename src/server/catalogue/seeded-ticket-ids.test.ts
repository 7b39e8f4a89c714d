import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ticketTypeSeeds } from './seed-facts';

/*
 * DECISIONS.md "Memberships keep their money straight": ticket types, and which are for grown-ups or children of
 * which ages, come from the catalogue; no seeded id is written in code, so a venue that renames or adds a ticket
 * type keeps walk-ins, suggestions, credits and the kiosk's price cards working. This fails when a seeded ticket
 * id appears as a string in src/ outside the seed (seed-facts.ts), the migrations (history: they set the columns
 * for databases from before), tests and test support (testing/ folders).
 */

const src = fileURLToPath(new URL('../../', import.meta.url));
const seedIds = ticketTypeSeeds.map((t) => t.id);

/** The word "adult" where it is not a ticket: the cafe menu's section, a form's list name, a plural in words. */
const adultIsNotATicketIn = new Set([
  'shared/menu.ts',
  'server/catalogue/seed-menu.ts',
  'web/features/my-bookings/family/adults-fieldset.tsx',
  'web/features/my-bookings/family/family-form.ts',
  'web/features/admin/check-ins/checked-in-tab.tsx',
  'web/features/admin/bookings/todays-bookings-tab.tsx',
  'web/features/checkin/components/kiosk-ui.tsx',
]);

const allowed = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.split('/').includes('testing') ||
  file.startsWith('server/db/migrations/') ||
  file === 'server/catalogue/seed-facts.ts';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(path.relative(src, full).split(path.sep).join('/'));
  }
  return out;
}

/** Every quoted seeded id in a file's text, as "file:line id". */
function seededIdsIn(file: string, text: string, ids: readonly string[] = seedIds): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const id of ids) {
      if (id === 'adult' && adultIsNotATicketIn.has(file)) continue;
      if (new RegExp(`['"\`]${id.replace(/[-]/g, '\\-')}['"\`]`).test(line)) found.push(`${file}:${i + 1} ${id}`);
    }
  });
  return found;
}

describe('no seeded ticket id in code', () => {
  it('finds none in src/ outside the seed, the migrations and the tests', () => {
    const files = sourceFiles(src).filter((f) => !allowed(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => seededIdsIn(f, readFileSync(path.join(src, f), 'utf8')))).toEqual([]);
  });

  it('would find one (the check can fail)', () => {
    expect(seededIdsIn('server/x.ts', "const ADULT_TICKET = 'adult';\nquantities['child-1-12'] = 1;")).toEqual([
      'server/x.ts:1 adult',
      'server/x.ts:2 child-1-12',
    ]);
  });
});
