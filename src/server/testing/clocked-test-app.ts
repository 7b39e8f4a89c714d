import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openTestApp } from './test-app';
import type { TestDbKind } from './test-database';

type TestApp = Awaited<ReturnType<typeof openTestApp>>;

/**
 * The set-up most route tests repeat, for use inside a describe: one app on a fresh `kind` database for
 * the whole describe, whose clock every test starts at `start` (a test moves it by setting `clock`).
 * `app`, `ctx` and `routes` are there once beforeAll has run.
 */
export function useClockedTestApp(
  kind: TestDbKind,
  start: Date,
  opts: Omit<NonNullable<Parameters<typeof openTestApp>[1]>, 'now'> = {},
): Pick<TestApp, 'app' | 'ctx' | 'routes'> & { clock: Date } {
  let opened: TestApp | undefined;
  let clock = start;
  beforeAll(async () => {
    opened = await openTestApp(kind, { ...opts, now: () => clock });
  });
  afterAll(() => opened?.close());
  beforeEach(() => {
    clock = start;
  });
  const current = () => {
    if (!opened) throw new Error('the test app is opened in beforeAll');
    return opened;
  };
  return {
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get routes() {
      return current().routes;
    },
    get clock() {
      return clock;
    },
    set clock(at: Date) {
      clock = at;
    },
  };
}
