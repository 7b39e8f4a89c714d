import { describe, expect, it } from 'vitest';
import { placeFor, sectionsFor } from './admin-address';
import { adminSections } from './admin-tabs';

const at = (role: 'admin' | 'staff', search: string) => {
  const { section, tab } = placeFor(sectionsFor(adminSections, role), new URLSearchParams(search));
  return `${section.id}/${tab.id}`;
};

describe('staff area addresses', () => {
  it('gives every page and section an id of its own', () => {
    const tabs = adminSections.flatMap((s) => s.tabs.map((t) => t.id));
    expect(new Set(tabs).size).toBe(tabs.length);
    expect(tabs).toHaveLength(20); // issue 50 added Accounts › VAT & journal, issue 51 Special Events
    expect(new Set(adminSections.map((s) => s.id)).size).toBe(adminSections.length);
  });

  it('opens a page by ?tab=, in its own section, as every older link does', () => {
    expect(at('admin', '')).toBe('the-day/overview');
    expect(at('staff', '?tab=checked-in')).toBe('the-day/checked-in');
    expect(at('staff', '?tab=booking-calendar')).toBe('bookings/booking-calendar');
    expect(at('staff', '?tab=gift-vouchers')).toBe('sales/gift-vouchers');
    expect(at('admin', '?tab=venue&section=venue-menu')).toBe('venue/venue');
    expect(at('admin', '?area=sales&tab=parties')).toBe('parties/parties'); // the page wins
  });

  it('opens a section by ?area= at its first page, and anything unknown at Overview', () => {
    expect(at('staff', '?area=parties')).toBe('parties/inquiries');
    expect(at('staff', '?area=administration')).toBe('administration/staff');
    expect(at('staff', '?area=nowhere')).toBe('the-day/overview');
    expect(at('staff', '?tab=nothing')).toBe('the-day/overview');
  });

  it('leaves admin-only pages, and a section left empty, out for staff', () => {
    expect(at('admin', '?tab=audit-log')).toBe('administration/audit-log');
    expect(at('staff', '?tab=audit-log')).toBe('the-day/overview');
    expect(at('staff', '?area=venue')).toBe('the-day/overview');
    const staff = sectionsFor(adminSections, 'staff');
    expect(staff.map((s) => s.id)).not.toContain('venue');
    expect(staff.find((s) => s.id === 'administration')!.tabs.map((t) => t.id)).toEqual(['staff', 'mail']);
  });
});
