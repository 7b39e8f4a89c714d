import { describe, expect, it } from 'vitest';
import { bodyOf, emptyDraft, serverErrors } from './event-draft';

describe("the event editor's draft", () => {
  it('turns pounds into pence and London times into instants, sending only new slots', () => {
    const d = { ...emptyDraft(), name: 'Grotto', childPrice: '12.50', onSaleDate: '2026-12-01', onSaleTime: '09:00' };
    d.slots = [
      { key: 'a', id: 'saved', date: '2026-12-20', time: '10:00', length: '10', places: '4' },
      { key: 'b', date: '2026-07-20', time: '10:00', length: '15', places: '3' },
    ];
    const r = bodyOf(d);
    expect(r.ok && r.body.childPricePence).toBe(1250);
    expect(r.ok && r.body.onSaleAt).toBe('2026-12-01T09:00:00.000Z');
    expect(r.ok && r.body.slots).toEqual([{ startsAt: '2026-07-20T09:00:00.000Z', lengthMinutes: 15, places: 3 }]);
  });

  it('says what it cannot convert, by field, and maps the server slot numbers onto the drafts', () => {
    const d = { ...emptyDraft(), childPrice: '1,50', familyCap: 'x' };
    const r = bodyOf(d);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.childPricePence).toMatch(/pounds/);
      expect(r.errors.familyCap).toBeTruthy();
      expect(r.errors['slots.0.startsAt']).toBeTruthy();
    }
    d.slots = [{ key: 'a', id: 'saved', date: '', time: '', length: '', places: '' }, ...d.slots];
    expect(serverErrors({ 'slots.0.places': ['At least one place'], name: ['Too short'] }, d)).toEqual({
      'slots.1.places': 'At least one place',
      name: 'Too short',
    });
  });
});
