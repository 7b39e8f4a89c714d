import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { startServer, type RunningServer } from '../../tests/e2e/support/server';

/** Builds the web app when there is no build yet, then starts the real server on a fresh data dir. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync('dist/web/index.html')) execSync('npm run build', { stdio: 'inherit' });
  return startServer(env);
}

/**
 * The public pages layout-shift.e2e.ts loads (issue 25). `npm run size` and `npm run lighthouse` measure
 * every public page instead (lib/public-pages.ts).
 */
export const reportedPages = [
  '/',
  '/booking',
  '/menu',
  '/loyalty',
  '/party-booking',
  '/session-credits',
  '/facebook-feed',
  '/privacy',
];
