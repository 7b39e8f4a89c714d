import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogueApiError, catalogueRequest, isStale } from './catalogue-api';
import { serverFieldsFor } from './edit-errors';
import { linesOf, textOfLines } from './lines';
import { photoProblem } from './menu/menu-photo-form';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('catalogueRequest', () => {
  it('sends JSON with the method and parses the answer', async () => {
    const fetch = answer(200, '{"ok":true}');
    await expect(catalogueRequest('PATCH', '/sessions/am', { version: 3 })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/admin/catalogue/sessions/am', {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"version":3}',
    });
  });

  it('keeps what a 409 stale_version says the record is now', async () => {
    const current = { version: 4, prices: [{ fromDate: '2026-01-01', pricePence: 950, feePence: 0 }] };
    answer(409, JSON.stringify({ error: { code: 'stale_version', message: 'Changed', current } }));
    const err = await catalogueRequest('POST', '/ticket-types/child/prices', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueApiError);
    expect(isStale(err)).toBe(true);
    expect((err as CatalogueApiError).current).toEqual(current);
  });

  it('lets the browser set the multipart header, and words a bare 413', async () => {
    const fetch = answer(413, '<html>too big</html>');
    const body = new FormData();
    body.append('version', '2');
    const err = await catalogueRequest('POST', '/menu-items/x/photo', body).catch((e: unknown) => e);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: undefined, body });
    expect(err).toMatchObject({ status: 413, code: 'http_error', message: 'The file is too large.' });
    expect(isStale(err)).toBe(false);
  });
});

describe('serverFieldsFor', () => {
  const err = (fields: Record<string, string[]>) =>
    new CatalogueApiError(400, 'invalid_input', 'Bad', fields, undefined);

  it('maps nested paths to the last part the form has, first message each', () => {
    const found = serverFieldsFor<{ line1: string; days: string; name: string }>(
      err({
        'address.line1': ['Please enter the first line', 'second'],
        'openingHours.days.0.hours': ['Please enter the hours'],
        'packages.1.name': ['Please enter a name'],
        other: ['ignored'],
      }),
      ['line1', 'days', 'name'],
    );
    expect(found).toEqual({
      line1: 'Please enter the first line',
      days: 'Please enter the hours',
      name: 'Please enter a name',
    });
  });

  it('is null without field messages', () => {
    expect(serverFieldsFor(new Error('x'), ['a'])).toBeNull();
    expect(serverFieldsFor(err({ other: ['x'] }), ['a'])).toBeNull();
  });
});

describe('small helpers', () => {
  it('reads one item a line', () => {
    expect(linesOf(' a \n\n b\n')).toEqual(['a', 'b']);
    expect(textOfLines(['a', 'b'])).toBe('a\nb');
  });

  it('checks a photo before sending it', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'p', { type });
    expect(photoProblem(null)).toBe('Choose a photo to upload');
    expect(photoProblem(file('image/gif', 10))).toBe('The photo must be a JPEG, PNG or WebP image');
    expect(photoProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe('The photo must be 5 MB or smaller');
    expect(photoProblem(file('image/webp', 10))).toBeNull();
  });
});
