import { Validator } from '@seriousme/openapi-schema-validator';
import type { LightMyRequestResponse } from 'fastify';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { familyCookieFor } from '../../families/testing/family-fixtures';
import { book } from '../../testing/dashboard-fixtures';
import { signInAs } from '../../testing/staff-fixtures';
import { openTestApp } from '../../testing/test-app';
import { allOperations } from './all-operations';
import { shapeOf } from './docs-page';
import { buildOpenApiDocument, openApiPath, operationIdOf, type OpenApiDocument } from './document';
import type { ApiOperation } from './operation';
import { staffOperations } from './operations/staff-index';
import { publishedOperations } from './routes';

const NOW = new Date('2025-10-20T09:00:00Z');
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** The routes a developer integrates with: everything under /api/, and /metrics. */
const documentable = (url: string) => url.startsWith('/api/') || url === '/metrics';

describe('the OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await openTestApp('pglite', { now: () => NOW });
    doc = buildOpenApiDocument(publishedOperations(t.ctx), { version: '0.0.0-test' });
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Play centre booking API');
  });

  it('documents every /api/ route and /metrics, and has a route for every operation', () => {
    const routes = new Set(
      t.routes
        .filter((r) => documentable(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => key(r.method, r.url)),
    );
    const operations = new Set(publishedOperations(t.ctx).map((op) => key(op.method, op.path)));
    const undocumented = [...routes].filter((r) => !operations.has(r)).sort();
    const routeless = [...operations].filter((o) => !routes.has(o)).sort();
    expect(undocumented, `routes with no operation:\n${undocumented.join('\n')}`).toEqual([]);
    expect(routeless, `operations with no route:\n${routeless.join('\n')}`).toEqual([]);
    // Sanity: the hook saw the routes at all (a broken collector would pass the two checks above vacuously).
    expect(routes.size).toBeGreaterThan(40);
  });

  it('gives every operation a unique id and at least one success answer', () => {
    const ids = allOperations.map(operationIdOf);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const success = Object.keys(op.responses).filter((s) => Number(s) >= 200 && Number(s) < 400);
        expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
      }
  });

  it('narrows each error status to its codes, and follows the auth and input an operation has', () => {
    const bookingStatus = doc.paths['/api/bookings/{id}']!.get!;
    expect(bookingStatus.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'x-booking-secret', in: 'header', required: false }),
      ]),
    );
    const codesOf = (path: string, method: string, status: string) =>
      JSON.stringify(doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema);
    expect(codesOf('/api/bookings/{id}', 'get', '404')).toContain('booking_not_found');
    expect(codesOf('/api/family/bookings', 'get', '401')).toContain('family_session_required');
    expect(codesOf('/api/check-in/find', 'post', '401')).toContain('kiosk_not_enabled');
    expect(codesOf('/api/create-booking-payment', 'post', '409')).toContain('capacity_exhausted');
    expect(codesOf('/api/create-booking-payment', 'post', '400')).toContain('invalid_json');
    expect(doc.paths['/api/create-booking-payment']!.post!.responses['429']).toBeDefined();
    // No input, no auth: no 400, 401 or 415.
    const rewards = doc.paths['/api/loyalty/rewards']!.get!.responses;
    expect(Object.keys(rewards).sort()).toEqual(['200', '503']);
    expect(doc.paths['/api/family/credits']!.get!.security).toEqual([{ familySession: [] }]);
    expect(doc.paths['/metrics']!.get!.security).toEqual([{ metricsToken: [] }, {}]);
    expect(doc.components.securitySchemes.familySession).toMatchObject({ in: 'cookie', name: 'ptb_family' });
    expect(doc.components.securitySchemes.staffSession).toMatchObject({ in: 'cookie', name: 'ptb_staff' });
    // Dates in answers are strings; a nullable field says so.
    const credits = JSON.stringify(doc.paths['/api/family/credits']!.get!.responses['200']);
    expect(credits).toContain('"purchasedAt":{"type":"string"}');
    expect(JSON.stringify(doc.paths['/api/family/session']!.get!.responses['200'])).toContain('"null"');
  });

  it('serves the document (cached) and a valid, accessible reference page under the API policy', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['cache-control']).toBe('public, max-age=300');
    const served = json.json() as OpenApiDocument;
    expect(Object.keys(served.paths)).toEqual(Object.keys(doc.paths));
    expect((await new Validator().validate(served)).valid).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).toContain('<a href="/api/openapi.json">');
    expect(page.body).toContain('/api/create-booking-payment');
    expect(page.body).not.toMatch(/<script/);
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(page.body);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});

describe('the reference page', () => {
  it('shows a schema as a short shape: optional fields, nulls, arrays, enums and components', () => {
    const schema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        qr: { type: ['string', 'null'] },
        lines: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
        status: { type: 'string', enum: ['paid', 'refunded'] },
        error: { $ref: '#/components/schemas/ApiError' },
      },
      required: ['at', 'lines'],
    };
    expect(shapeOf(schema)).toBe(
      '{\n  at: string (date-time);\n  qr?: string | null;\n  lines: {\n    n: integer;\n  }[];\n' +
        '  status?: "paid" | "refunded";\n  error?: ApiError;\n}',
    );
  });
});

/**
 * Real answers against the document: each request's status must be one the operation documents, a
 * success body must parse with its schema, and an error's code must be one listed for that status.
 */
describe('answers match what the document says', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let doc: OpenApiDocument;
  const seen = new Set<string>();
  const ownOperations = allOperations.filter((op) => !staffOperations.includes(op));
  beforeAll(async () => {
    t = await openTestApp('pglite', { now: () => NOW });
    doc = buildOpenApiDocument(publishedOperations(t.ctx), { version: '0.0.0-test' });
  });
  afterAll(() => t.close());

  function conforms(op: ApiOperation, res: LightMyRequestResponse) {
    const where = `${key(op.method, op.path)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    const documented = doc.paths[openApiPath(op.path)]![op.method]!.responses[String(res.statusCode)];
    expect(documented, `undocumented status: ${where}`).toBeDefined();
    const success = op.responses[res.statusCode as keyof ApiOperation['responses']];
    if (success instanceof z.ZodType) {
      const parsed = success.safeParse(res.json());
      expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
    } else if (res.statusCode >= 400 && !op.errorBodies?.[res.statusCode]) {
      const code = (res.json() as { error: { code: string } }).error.code;
      expect(JSON.stringify(documented!.content), `code ${code} not listed: ${where}`).toContain(`"${code}"`);
    }
    seen.add(key(op.method, op.path));
  }

  const call = async (
    op: ApiOperation,
    opts: { url?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await t.app.inject({
      method: op.method.toUpperCase() as 'GET',
      url: opts.url ?? op.path.replace(/:[A-Za-z]+/g, 'x'),
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...opts.headers,
      },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    conforms(op, res);
    return res;
  };
  const opAt = (method: string, path: string) =>
    ownOperations.find((op) => op.method === method && op.path === path) ??
    (() => {
      throw new Error(`no operation ${method} ${path}`);
    })();

  it('answers every operation, signed out and with a family, kiosk and staff session, as documented', async () => {
    const family = await familyCookieFor(t.ctx.db, 'jo@example.com', NOW);
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const staff = (await signInAs(t.app, t.ctx)).cookie;
    for (const op of ownOperations)
      for (const cookie of [undefined, family, kiosk, staff]) {
        // Bare requests: no input, an empty JSON body where one is taken, and placeholder path values.
        await call(op, { cookie, body: op.body ? {} : undefined });
      }
  });

  it('answers a booking, paid, looked up and cancelled, as documented', async () => {
    const created = await book(t.app, { customerEmail: 'jo@example.com', selectedDate: '2025-10-22' });
    const family = await familyCookieFor(t.ctx.db, 'jo@example.com', NOW);
    const res = await call(opAt('get', '/api/bookings/:id'), {
      url: `/api/bookings/${created.bookingId}`,
      cookie: family,
    });
    expect(res.statusCode).toBe(200);
    await call(opAt('get', '/api/calendar/availability'), {
      url: '/api/calendar/availability?from=2025-10-20&to=2025-11-19',
    });
    await call(opAt('get', '/api/calendar/availability/:date'), { url: '/api/calendar/availability/2025-10-22' });
    await call(opAt('get', '/api/ticket-types'), { url: '/api/ticket-types?date=2025-10-22' });
    await call(opAt('get', '/api/available-sessions/:date'), {
      url: '/api/available-sessions/2025-10-20',
      cookie: (await signInAs(t.app, t.ctx)).cookie,
    });
    await call(opAt('get', '/api/family/credits'), { cookie: family });
    await call(opAt('get', '/api/session-credits/:email'), {
      url: '/api/session-credits/jo@example.com',
      cookie: family,
    });
    await call(opAt('get', '/api/family/loyalty'), { cookie: family });
    const member = await call(opAt('get', '/api/loyalty/member/:email'), {
      url: '/api/loyalty/member/jo@example.com',
      cookie: family,
    });
    expect(member.statusCode).toBe(200);
    const memberId = (member.json() as { member: { id: string } }).member.id;
    await call(opAt('get', '/api/loyalty/transactions'), {
      url: `/api/loyalty/transactions?memberId=${memberId}`,
      cookie: family,
    });
    await call(opAt('get', '/api/loyalty/achievements'), {
      url: `/api/loyalty/achievements?memberId=${memberId}`,
      cookie: family,
    });
    await call(opAt('post', '/api/loyalty/redeem'), {
      cookie: family,
      body: { memberId, rewardId: 'free-hot-drink', pointsCost: 1 },
    });
    const bookings = await call(opAt('get', '/api/family/bookings'), { cookie: family });
    expect((bookings.json() as { upcoming: unknown[] }).upcoming).toHaveLength(1);
    await call(opAt('get', '/api/family/bookings/:id/ics'), {
      url: `/api/family/bookings/${created.bookingId}/ics`,
      cookie: family,
    });
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const found = await call(opAt('post', '/api/check-in/find'), {
      cookie: kiosk,
      body: { by: 'reference', reference: 'PTB-XXXXXX' },
    });
    expect(found.statusCode).toBe(200);
    await call(opAt('post', '/api/check-in/walk-in'), {
      cookie: kiosk,
      body: {
        customerName: 'Sam Carter',
        numberOfChildren: 1,
        numberOfAdults: 1,
        cefParkingAgreed: true,
        termsAgreed: true,
      },
    });
    await call(opAt('post', '/api/check-in/search-all-tickets'), {
      cookie: (await signInAs(t.app, t.ctx)).cookie,
      body: { customerName: 'Sam' },
    });
    const cancelled = await call(opAt('post', '/api/family/bookings/:id/cancel'), {
      url: `/api/family/bookings/${created.bookingId}/cancel`,
      cookie: family,
    });
    expect(cancelled.statusCode).toBe(200);
    await call(opAt('post', '/api/family/sign-out'), { cookie: family });
    expect(seen.size).toBeGreaterThan(30);
  });
});
