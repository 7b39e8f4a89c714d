import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorCode } from '../../shared/contracts/errors';
import { AppError, installErrorHandler } from './errors';

const codes = Object.keys(errorCatalogue) as ErrorCode[];

/** A bare app with our error handler: one route throws whichever code it is asked for. */
const app = Fastify();
installErrorHandler(app);
app.get<{ Params: { code: ErrorCode } }>('/throw/:code', async (request) => {
  throw new AppError(request.params.code, `refused: ${request.params.code}`, {
    fields: { field: ['a reason'] },
    headers: { 'x-extra': 'yes' },
  });
});
app.post('/json', async () => ({ ok: true }));
afterAll(() => app.close());

describe('error catalogue', () => {
  it.each(codes)('%s answers its catalogue status, with the JSON error body', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${code}` });
    expect(res.statusCode).toBe(errorCatalogue[code]);
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.json()).toEqual({ error: { code, message: `refused: ${code}`, fields: { field: ['a reason'] } } });
  });

  it('gives every code an HTTP error status', () => {
    for (const code of codes) {
      const status = errorCatalogue[code];
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('maps Fastify refusals to catalogue codes with the same status Fastify chose', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect([badJson.statusCode, badJson.json().error.code]).toEqual([400, 'invalid_json']);
    const wrongType = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect([wrongType.statusCode, wrongType.json().error.code]).toEqual([415, 'unsupported_media_type']);
  });
});

/** The server's own sources (tests and test-only code aside), to check the catalogue against them. */
function serverSources(): string[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split(path.sep).includes('testing'))
    .map((f) => readFileSync(path.join(root, f), 'utf8'));
}

describe('the catalogue against the server code', () => {
  const sources = serverSources().join('\n');

  it('lists every code thrown as a literal (typecheck enforces it too; this catches casts)', () => {
    const thrown = [...sources.matchAll(/new AppError\(\s*'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(thrown.length).toBeGreaterThan(50);
    for (const code of new Set(thrown)) expect(codes, code).toContain(code);
  });

  it('has no code the server never answers with', () => {
    const unused = codes.filter((code) => !sources.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});
