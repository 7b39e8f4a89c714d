import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { rowCounter } from '../testing/row-counts';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

/**
 * Property test over every registered API route: random and hostile bodies, params and headers
 * must never produce a 5xx, must get a JSON error body when refused, and a refused request must
 * not write a row anywhere. At least 10,000 cases per run (issue 6).
 */
const TOTAL_CASES = Number(process.env.HOSTILE_CASES ?? 10_000);
// The run's cases are shared between the database kinds: what this test checks (parsing, status codes,
// nothing written on a refusal) happens before the database is asked anything but the counts.
const CASES_PER_KIND = Math.ceil(TOTAL_CASES / testDbKinds.length);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE inquiries; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000\u202e\ud83d\ude00',
    '__proto__',
    'constructor',
    '9999-99-99',
    '2026-02-30',
    '0000-01-01',
    '-1',
    'NaN',
  ),
  fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)),
  // Plausible text with a NUL inside: PostgreSQL refuses U+0000 in text, so it must never reach it.
  fc.string({ maxLength: 20 }).map((s) => `Jo ${s}\u0000 Bloggs`),
);
const hostileScalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(-1),
  fc.constant(1e308),
);
const hostileObject = fc.oneof(
  fc.dictionary(hostileString, fc.oneof(hostileScalar, fc.array(hostileScalar, { maxLength: 5 })), { maxKeys: 8 }),
  fc.constant({ __proto__: { isAdmin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
  fc.record({
    customerName: hostileScalar,
    customerEmail: hostileScalar,
    ticketQuantities: fc.dictionary(hostileString, hostileScalar),
    totalAmount: hostileScalar,
  }),
  fc.record({ name: hostileScalar, email: hostileScalar, inquiryType: hostileScalar, message: hostileScalar }),
  fc.record({ customerName: hostileScalar }),
  fc.record({
    parentName: hostileScalar,
    parentEmail: hostileScalar,
    childAge: hostileScalar,
    partyDate: hostileScalar,
    packageType: hostileScalar,
    inquiryType: fc.oneof(fc.constant('party_booking'), hostileScalar),
  }),
);
const hostileBody = fc.oneof(
  hostileObject.map((o) => ({ contentType: 'application/json', payload: JSON.stringify(o) })),
  fc
    .array(hostileScalar, { maxLength: 5 })
    .map((a) => ({ contentType: 'application/json', payload: JSON.stringify(a) })),
  hostileString.map((s) => ({ contentType: 'application/json', payload: s })),
  hostileString.map((s) => ({
    contentType: fc.sample(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml'),
      1,
    )[0]!,
    payload: s,
  })),
  fc.constant({ contentType: undefined as string | undefined, payload: undefined as string | undefined }),
);
const hostileHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'cookie',
    'authorization',
    'stripe-signature',
    'accept',
    'x-requested-with',
    'origin',
  ),
  hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 2000)),
  { maxKeys: 3 },
);

type Who = 'anonymous' | 'staff' | 'kiosk' | 'family';
/** Signing out (or into kiosk mode, or as another family) would end the shared session the other cases use: those go anonymous. */
const signedIn = (url: string, who: Who): who is Exclude<Who, 'anonymous'> =>
  who !== 'anonymous' &&
  ![
    '/api/staff/sign-out',
    '/api/staff/kiosk-mode',
    '/api/family/sign-out',
    '/api/family/confirm',
    '/api/family/link',
  ].includes(url);

describe.each(testDbKinds)('hostile input on every API route on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let countRows: () => Promise<unknown>;
  /** Cookies of a signed-in admin, a kiosk device and a family, so their routes parse hostile input too. */
  const cookies: Record<Who, string | undefined> = {
    anonymous: undefined,
    staff: undefined,
    kiosk: undefined,
    family: undefined,
  };
  beforeAll(async () => {
    // Limits on: a 429 must be a JSON error too.
    t = await openTestApp(kind, { config: { RATE_LIMITS: 'on' } });
    countRows = await rowCounter(t.ctx.db);
    cookies.staff = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie;
    cookies.kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    cookies.family = await familyCookieFor(t.ctx.db, 'family@example.com');
  });
  afterAll(() => t.close());

  it('answers 4xx JSON (or success) and writes nothing when it refuses', async () => {
    const apiRoutes = t.routes.filter(
      (r) => r.url.startsWith('/api/') && ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'].includes(r.method),
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    const perRoute = Math.ceil(CASES_PER_KIND / apiRoutes.length);
    // Counting every table is most of this test's time: a refusal leaves the counts as they were, so
    // they are counted again only after a request that was let through (or was not checked).
    let known: unknown;
    for (const route of apiRoutes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: 3, maxLength: 3 }),
          hostileBody,
          hostileHeaders,
          fc.constantFrom<Who>('anonymous', 'staff', 'kiosk', 'family'),
          async (params, body, headers, who) => {
            let i = 0;
            const url = route.url.replace(
              /:[A-Za-z_]+/g,
              () => encodeURIComponent(params[i++] ?? 'x').slice(0, 4000) || 'x',
            );
            const before = known ?? (await countRows());
            known = undefined;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                ...headers,
                ...(body.contentType ? { 'content-type': body.contentType } : {}),
                ...(signedIn(route.url, who) ? { cookie: cookies[who] } : {}),
              },
              payload: route.method === 'GET' ? undefined : body.payload,
            });
            const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], where).toMatch(/application\/json/);
              const err = res.json().error;
              expect(typeof err?.code, where).toBe('string');
              expect(typeof err?.message, where).toBe('string');
              const after = await countRows();
              expect(after, where).toEqual(before);
              known = after;
            }
          },
        ),
        { numRuns: perRoute },
      );
    }
  }, 600_000);
});
