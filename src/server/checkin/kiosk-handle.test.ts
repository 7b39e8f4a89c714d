import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { HANDLE_LIFETIME_MS, openHandle, sealHandle } from './kiosk-handle';
import { displayName } from './kiosk-view';
import { normaliseReference } from './find-tickets';

const SECRET = 'test secret';
const DEVICE = 'a'.repeat(64);
const NOW = new Date('2025-10-20T08:00:00Z');
const ID = '6f1c2f0e-8a4b-4c2d-9e3f-1a2b3c4d5e6f';
const target = { kind: 'booking', id: ID, via: 'scan' } as const;

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return 'opened';
};

describe('kiosk handles', () => {
  it('open to what they were sealed with, on the same device, within 10 minutes', () => {
    const h = sealHandle(SECRET, target, DEVICE, NOW);
    expect(openHandle(SECRET, h, DEVICE, new Date(NOW.getTime() + HANDLE_LIFETIME_MS - 1))).toEqual(target);
    const walkIn = sealHandle(SECRET, { kind: 'walk_in', id: ID, via: 'search' }, DEVICE, NOW);
    expect(openHandle(SECRET, walkIn, DEVICE, NOW)).toEqual({ kind: 'walk_in', id: ID, via: 'search' });
  });

  it('carry no id a kiosk could read, and differ every time', () => {
    const a = sealHandle(SECRET, target, DEVICE, NOW);
    const b = sealHandle(SECRET, target, DEVICE, NOW);
    expect(a).not.toBe(b);
    for (const h of [a, b]) {
      expect(h).toMatch(/^[\w-]+$/);
      expect(Buffer.from(h, 'base64url').toString('latin1')).not.toContain(ID.slice(0, 8));
    }
  });

  it('refuse another device, another secret, an altered byte, and nonsense: 404; too old: 410', () => {
    const h = sealHandle(SECRET, target, DEVICE, NOW);
    const raw = Buffer.from(h, 'base64url');
    raw[20] = raw[20]! ^ 1;
    expect(codeOf(() => openHandle(SECRET, h, 'b'.repeat(64), NOW))).toBe('ticket_not_found');
    expect(codeOf(() => openHandle('other secret', h, DEVICE, NOW))).toBe('ticket_not_found');
    expect(codeOf(() => openHandle(SECRET, raw.toString('base64url'), DEVICE, NOW))).toBe('ticket_not_found');
    for (const junk of ['', 'x', ID, 'a'.repeat(400)])
      expect(
        codeOf(() => openHandle(SECRET, junk, DEVICE, NOW)),
        junk,
      ).toBe('ticket_not_found');
    const late = new Date(NOW.getTime() + HANDLE_LIFETIME_MS);
    expect(codeOf(() => openHandle(SECRET, h, DEVICE, late))).toBe('search_expired');
  });
});

describe('what a kiosk shows and accepts', () => {
  it('names a family by first name and surname initial', () => {
    expect(displayName('Sam Carter')).toBe('Sam C.');
    expect(displayName('  sam   van der berg ')).toBe('sam B.');
    expect(displayName('Zoë Østergaard')).toBe('Zoë Ø.');
    expect(displayName('Cher')).toBe('Cher');
    expect(displayName('')).toBe('');
  });

  it('reads a reference however it is typed', () => {
    for (const typed of ['PTB-7K3Q9X', 'ptb-7k3q9x', ' ptb 7k3q9x ', '7K3Q9X', 'PTB7K3Q9X'])
      expect(normaliseReference(typed), typed).toBe('PTB-7K3Q9X');
    for (const bad of ['', '7K3Q9', 'PTB-7K3Q9XX', 'PTB-7K3Q9!']) expect(normaliseReference(bad), bad).toBeNull();
  });
});
