import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint step's dependency-cruiser rules (.dependency-cruiser.cjs), run as `npm run lint` runs them on a
 * small tree of its own: an upward import between domains and a circle each fail it; a downward import,
 * and a test reaching across, do not.
 */
const root = process.cwd();
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const trees: string[] = [];

async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'domain-order-'));
  trees.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { moduleResolution: 'Bundler' } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const args = ['src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'];
  try {
    const { stdout } = await promisify(execFile)(depcruise, args, { cwd: dir });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  }
}

afterAll(() => trees.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the declared order of server domains (.dependency-cruiser.cjs)', () => {
  // One tree with one of each fault (a cruise costs seconds); each must be named.
  it('fails on an upward import between domains, a circle (even of types) and an unlisted folder', async () => {
    const run = await cruise({
      'src/server/payments/apply.ts': "import { confirm } from '../bookings/confirm';\nexport const apply = confirm;\n",
      'src/server/bookings/confirm.ts': 'export const confirm = 1;\n',
      'src/server/bookings/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'src/server/bookings/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      'src/server/newthing/x.ts': "import { y } from '../db/y';\nexport const x = y;\n",
      'src/server/db/y.ts': 'export const y = 1;\n',
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('domain-order: src/server/payments/apply.ts → src/server/bookings/confirm.ts');
    expect(run.output).toMatch(/no-circular: src\/server\/bookings\/[ab]\.ts/);
    expect(run.output).toContain('domain-unlisted: src/server/newthing/x.ts');
    expect(run.output).toContain('3 dependency violations');
  });

  it('passes a higher domain importing a lower one, and a test reaching across', async () => {
    const run = await cruise({
      'src/server/bookings/confirm.ts':
        "import { charge } from '../payments/charge';\nexport const confirm = charge;\n",
      'src/server/payments/charge.ts': 'export const charge = 1;\n',
      'src/server/payments/charge.test.ts':
        "import { confirm } from '../bookings/confirm';\nexport const t = confirm;\n",
    });
    expect(run).toEqual({ code: 0, output: expect.stringContaining('no dependency violations') });
  });
});
