import { describe, expect, it } from 'vitest';
import type { PartyPackage, SessionView, TicketTypeView } from '../../../shared/catalogue';
import { mapLinksOf } from './map-links';
import { entryTicketsOf, lowestPence, morningSessionOf, packageDetail, sessionLengthLabel } from './pricing-lines';

const ticket = (id: string, pricePence: number, sort: number, extra: Partial<TicketTypeView> = {}): TicketTypeView => ({
  id,
  title: id,
  description: '',
  pricePence,
  feePence: 0,
  ageRange: '',
  colour: '',
  isChild: true,
  ageFrom: null,
  ageTo: null,
  paidByCredit: false,
  sellDays: 'any',
  sessionIds: [],
  weekdayMorningOnly: false,
  active: true,
  sort,
  bandPrices: { peak: pricePence },
  ...extra,
});
const session = (id: string, start: string, end: string, sort: number): SessionView => ({
  id,
  label: id,
  start,
  end,
  sort,
  capacity: 60,
});
const pkg = (name: string, includes: string[]): PartyPackage => ({
  id: name.toLowerCase(),
  name,
  perChildPence: 1300,
  hours: '2 hours',
  freeAdults: 1,
  includes,
  minChildren: 10,
  maxChildren: 30,
});

describe('home pricing lines', () => {
  it('lists the entry tickets in their order, leaving the weekday-morning offer to its own card', () => {
    const types = [
      ticket('adult', 200, 2),
      ticket('baby', 800, 0, { weekdayMorningOnly: true }),
      ticket('child', 950, 1),
    ];
    expect(entryTicketsOf(types).map((t) => t.id)).toEqual(['child', 'adult']);
    expect(lowestPence(entryTicketsOf(types).map((t) => t.pricePence))).toBe(200);
    expect(lowestPence([])).toBeNull();
  });

  it('describes a package by what it adds to the one before', () => {
    const bronze = pkg('Bronze', ['Party room', 'Decorations']);
    const silver = pkg('Silver', ['Party room', 'Decorations', 'Hot food']);
    expect(packageDetail(bronze, undefined)).toBe('2 hours: party room, decorations; 1 free adult');
    expect(packageDetail(silver, bronze)).toBe('2 hours: everything in Bronze, plus hot food; 1 free adult');
  });

  it('names the session length only when every session shares it in whole hours', () => {
    expect(sessionLengthLabel([session('a', '09:30', '11:30', 1), session('b', '12:00', '14:00', 2)])).toBe('2-hour');
    expect(sessionLengthLabel([session('a', '09:30', '11:30', 1), session('b', '12:00', '13:30', 2)])).toBeNull();
    expect(sessionLengthLabel([session('a', '09:30', '11:00', 1)])).toBeNull();
    expect(sessionLengthLabel([])).toBeNull();
  });

  it("finds the weekday-morning ticket's session, else the day's first", () => {
    const sessions = [session('afternoon', '14:00', '16:00', 3), session('morning', '09:30', '11:30', 1)];
    expect(morningSessionOf({ sessionIds: ['afternoon'] }, sessions)?.id).toBe('afternoon');
    expect(morningSessionOf({ sessionIds: [] }, sessions)?.id).toBe('morning');
    expect(morningSessionOf({ sessionIds: [] }, [])).toBeUndefined();
  });

  it('searches maps for the catalogue address', () => {
    const links = mapLinksOf('1 Barn Lane, Bridgwater, Somerset TA6 1AA');
    expect(links.google).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Barn%20Lane%2C%20Bridgwater%2C%20Somerset%20TA6%201AA',
    );
    expect(links.openStreetMap).toContain('query=1%20Barn%20Lane');
    expect(links.directions).toContain('destination=1%20Barn%20Lane');
  });
});
