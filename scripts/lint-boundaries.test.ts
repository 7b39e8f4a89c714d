import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries in eslint.config.js are rules, not conventions: each bad import below must be
 * an error, and each allowed one must not. The code is linted in memory, as if it sat at `filePath`.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  // The first run loads the config and its plugins: seconds on a busy machine.
  beforeAll(() => restrictedImports('src/server/app.ts', '../shared/mask'), 120_000);

  it.each([
    ['production server code imports a testing/ folder', 'src/server/bookings/pricing.ts', '../testing/test-app'],
    ['production server code imports a fake', 'src/server/payments/routes.ts', './testing/fake-stripe/stripe-test-kit'],
    ['production web code imports a testing/ folder', 'src/web/lib/api.ts', '../testing/render'],
    ['a web feature imports another by climbing out', 'src/web/features/booking/payment-page.tsx', '../credits/api/x'],
    ['a web feature imports another from a subfolder', 'src/web/features/admin/tabs/x.tsx', '../../checkin/api/y'],
    ['a web feature imports another by name', 'src/web/features/home/x.tsx', '../../features/party/y'],
    ['web imports server', 'src/web/app/router.tsx', '../../server/app'],
    ['server imports web', 'src/server/app.ts', '../web/main'],
    ['shared imports server', 'src/shared/money.ts', '../server/db/schema'],
    ['shared imports web', 'src/shared/contracts/booking.ts', '../../web/lib/api'],
  ])('refuses: %s', async (_what, filePath, source) => {
    expect(await restrictedImports(filePath, source)).toHaveLength(1);
  });

  it.each([
    ['a test imports a testing/ folder', 'src/server/bookings/pricing.test.ts', '../testing/test-app'],
    ['a testing/ helper imports another', 'src/server/testing/test-app.ts', '../payments/testing/fake-stripe/x'],
    ['a web feature imports itself', 'src/web/features/admin/tabs/x.tsx', '../api/y'],
    ['a web feature imports shared UI', 'src/web/features/booking/x.tsx', '../../components/ui/button'],
    ['a web feature imports a shared contract', 'src/web/features/booking/x.tsx', '../../../shared/contracts/booking'],
    ['server imports shared', 'src/server/app.ts', '../shared/mask'],
    ['web renders on the server', 'src/web/prerender.tsx', 'react-dom/server'],
  ])('allows: %s', async (_what, filePath, source) => {
    expect(await restrictedImports(filePath, source)).toEqual([]);
  });
});
