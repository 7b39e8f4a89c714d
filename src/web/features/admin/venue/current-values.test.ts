import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CurrentValues, keyLabel } from './current-values';

const html = (value: unknown) => renderToStaticMarkup(createElement(CurrentValues, { value }));

describe('CurrentValues', () => {
  it('labels fields as staff read them', () => {
    expect(keyLabel('perChildPence')).toBe('Per child');
    expect(keyLabel('publishFrom')).toBe('Publish from');
  });

  it('shows a price list as dated lines and money as pounds', () => {
    const out = html({
      id: 'child',
      version: 7,
      title: 'Child',
      prices: [{ fromDate: '2026-03-01', pricePence: 950, feePence: 25 }],
    });
    expect(out).toContain('From Sunday 1 March 2026: £9.50 + £0.25 fee');
    expect(out).toContain('Child');
    expect(out).not.toContain('7');
  });

  it('shows a document value, booleans and empty lists in words', () => {
    const out = html({ value: { pinned: false, allergens: [], expiresOn: null }, version: 2 });
    expect(out).toContain('No');
    expect(out).toContain('(none)');
  });

  it('shows typed HTML as text', () => {
    expect(html({ body: '<img src=x onerror=alert(1)>' })).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('says when the record is gone', () => {
    expect(html(null)).toContain('It no longer exists.');
  });
});
