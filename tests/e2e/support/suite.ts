import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startSmtpSink } from '../../../src/server/testing/smtp-sink';
import { startServer, type RunningServer } from './server';

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * The usual e2e set-up: one real server (fresh data directory) and one Chromium for the whole file.
 * Read `suite.server` and `suite.browser` inside tests, after beforeAll has run.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const suite = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * For a file that only reads (no sign-in, no booking, nothing written): the run's shared server, started by the
 * global set-up (support/global-setup.ts), and a Chromium of its own. A file that writes anything, or needs the
 * server started with settings of its own, uses useServerAndBrowser.
 */
export function useSharedServerAndBrowser(): { server: { url: string }; browser: Browser } {
  const suite = { server: { url: inject('sharedServerUrl') } } as { server: { url: string }; browser: Browser };
  beforeAll(async () => {
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}

/**
 * The same with a real SMTP peer on 127.0.0.1 (src/server/testing/smtp-sink.ts) that the server delivers to, so
 * a test reads the codes and confirmations a family would (tests/e2e/support/family-mail.ts). `afterStart` runs
 * once the three are up (e.g. bookings the file's tests need).
 */
export function useServerMailAndBrowser(afterStart?: () => Promise<void>): {
  server: RunningServer;
  browser: Browser;
  sink: SmtpSink;
} {
  const suite = {} as { server: RunningServer; browser: Browser; sink: SmtpSink };
  beforeAll(async () => {
    suite.sink = await startSmtpSink();
    suite.server = await startServer({ SMTP_URL: suite.sink.url });
    suite.browser = await launchBrowser();
    await afterStart?.();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.sink?.close();
  });
  return suite;
}
