/**
 * Last step of `npm run build`: bundles the server into dist/server/main.js, so production runs it with
 * plain `node` and only `dependencies` installed (tsx and TypeScript are dev dependencies). Packages stay
 * external: they load from node_modules, where native and WebAssembly files (argon2, PGlite) sit beside them.
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const outDir = 'dist/server';
rmSync(outDir, { recursive: true, force: true });
// main.js, and the backup and restore commands for a production install, where `npm run backup` (tsx) is
// gone: `node dist/server/backup.js`, `node dist/server/restore.js FILE`.
await build({
  entryPoints: { main: 'src/server/main.ts', backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces point at src/ with NODE_OPTIONS=--enable-source-maps.
  sourcemap: true,
  logLevel: 'warning',
});
// The migrations are read by path at start: db/client.ts looks for them beside itself, which in the
// bundle is beside main.js.
cpSync('src/server/db/migrations', `${outDir}/migrations`, { recursive: true });
// staff/password-rules.ts reads the common-password list beside itself too.
cpSync('src/server/staff/common-passwords.txt', `${outDir}/common-passwords.txt`);
console.log(`bundled the server into ${outDir}/main.js`);
