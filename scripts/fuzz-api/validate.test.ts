import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValues } from './generate';
import { brokenRequests, validValues } from './requests';
import { AnswerChecker, documentErrors, operationsOf, type OpenApiDoc } from './validate';

/**
 * The fuzzer's checks can fail: a tiny document, answers that keep to it and answers that do not. The last
 * part runs `npm run fuzz:api -- --url` against a tiny local server that tells the truth, then lies.
 */
const apiError = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
  required: ['error'],
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc: OpenApiDoc = {
  openapi: '3.1.0',
  info: { title: 'tiny', version: '1' },
  paths: {
    '/api/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': {
            description: 'OK',
            ...json({
              type: 'object',
              properties: { id: { type: 'string' }, pence: { type: 'integer', minimum: 0 } },
              required: ['id', 'pence'],
            }),
          },
          '404': { description: 'Not found', ...json({ $ref: '#/components/schemas/ApiError' }) },
        },
      },
    },
    '/api/things': {
      post: {
        operationId: 'postThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 20 },
                  count: { type: 'integer', minimum: 1 },
                },
                required: ['name', 'count'],
              },
            },
          },
        },
        responses: {
          '201': { description: 'Created', ...json({ type: 'object' }) },
          '400': { description: 'Bad request', ...json({ $ref: '#/components/schemas/ApiError' }) },
          '413': { description: 'Too large', ...json({ $ref: '#/components/schemas/ApiError' }) },
          '415': { description: 'Wrong type', ...json({ $ref: '#/components/schemas/ApiError' }) },
        },
      },
    },
  },
  components: { schemas: { ApiError: apiError } },
} as OpenApiDoc;

const checker = new AnswerChecker(doc);
const [getThing, postThing] = operationsOf(doc);
const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
  status,
  contentType,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('AnswerChecker', () => {
  it('passes an answer that keeps to the document, extra properties allowed', () => {
    expect(checker.check(getThing!, answer(200, { id: 'a', pence: 250, extra: true }))).toEqual([]);
    expect(checker.check(getThing!, answer(404, { error: { code: 'not_found' } }))).toEqual([]);
  });

  it('reports a body that breaks the schema for its status', () => {
    expect(checker.check(getThing!, answer(200, { id: 'a', pence: -1 }))).toEqual([
      'status 200 body: /pence must be >= 0',
    ]);
    expect(checker.check(getThing!, answer(404, { message: 'gone' }))).toEqual([
      "status 404 body: (body) must have required property 'error'",
    ]);
  });

  it('reports an undocumented status, any 5xx, a wrong content type and a body that is not JSON', () => {
    expect(checker.check(getThing!, answer(409, { error: { code: 'x' } }))[0]).toMatch(/status 409 is not documented/);
    expect(checker.check(getThing!, answer(500, { error: { code: 'x' } }))).toContain('server error 500');
    expect(checker.check(getThing!, answer(200, '<html>', 'text/html'))[0]).toMatch(/answered text\/html/);
    expect(checker.check(getThing!, answer(200, '{"id":'))[0]).toMatch(/not JSON/);
  });

  it('refuses a document that is not valid OpenAPI, and accepts the tiny one', async () => {
    expect(await documentErrors(doc)).toEqual([]);
    expect(
      (await documentErrors({ openapi: '3.1.0', paths: { '/x': { get: { responses: 7 } } } })).length,
    ).toBeGreaterThan(0);
  });
});

describe('request generation', () => {
  it('makes values that validate against their schema, the same for the same seed', () => {
    const schema = doc.paths['/api/things']!.post!.requestBody!.content['application/json']!.schema;
    const values = sampleValues(schema, checker.resolve, 42, 20);
    const pointer = '#/paths/~1api~1things/post/requestBody/content/application~1json/schema';
    for (const v of values) expect(checker.validateAt(pointer, v)).toEqual([]);
    expect(sampleValues(schema, checker.resolve, 42, 20)).toEqual(values);
  });

  it('makes broken requests of each kind', () => {
    const [valid] = validValues(postThing!, checker, 7, 1);
    const kinds = brokenRequests(postThing!, valid!).map((r) => r.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'broken: missing body field name',
        'broken: body field name wrong type',
        'broken: negative numbers',
        'broken: malformed JSON',
        'broken: text/plain content type',
      ]),
    );
    const garbage = brokenRequests(getThing!, validValues(getThing!, checker, 7, 1)[0]!).map((r) => r.path);
    expect(garbage).toContain('/api/things/%');
  });
});

describe('npm run fuzz:api -- --url (against a tiny server)', () => {
  let lie = false;
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/api/openapi.json') return send(200, doc);
    if (req.method === 'GET' && req.url?.startsWith('/api/things/')) {
      // No decoding: a garbage escape is simply not an id.
      const id = req.url.slice('/api/things/'.length);
      if (!/^[0-9a-f-]{36}$/.test(id)) return send(404, { error: { code: 'not_found' } });
      // The lie: a price the document says is never negative.
      return send(200, { id, pence: lie ? -5 : 5 });
    }
    if (req.method === 'POST' && req.url === '/api/things') {
      if (!req.headers['content-type']?.startsWith('application/json')) return send(415, { error: { code: 'x' } });
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        if (raw.length > 60_000) return send(413, { error: { code: 'too_large' } });
        try {
          const body = JSON.parse(raw) as { name?: unknown; count?: unknown };
          const ok = typeof body?.name === 'string' && Number.isInteger(body.count) && (body.count as number) >= 1;
          return ok ? send(201, {}) : send(400, { error: { code: 'invalid_input' } });
        } catch {
          return send(400, { error: { code: 'invalid_json' } });
        }
      });
      return;
    }
    send(404, { error: { code: 'not_found' } });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const run = async () => {
    const result = await promisify(execFile)('npx', ['tsx', 'scripts/fuzz-api/main.ts', '--url', url, '--seed', '5'], {
      encoding: 'utf8',
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    return result;
  };

  it('passes a server that keeps to its document, and fails one that does not', async () => {
    const truthful = await run();
    expect(truthful.out).toMatch(/2 operations/);
    expect(truthful.out).toMatch(/OK: every answer was documented/);
    expect(truthful.code).toBe(0);

    lie = true;
    const lying = await run();
    expect(lying.out).toMatch(/GET \/api\/things\/\{id\} — status 200 body: \/pence must be >= 0/);
    expect(lying.out).toMatch(/FAILED: \d+ answers broke the contract \(replay: --seed 5\)/);
    expect(lying.code).toBe(1);
  }, 60_000);
});
