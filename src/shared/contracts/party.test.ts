import { describe, expect, it } from 'vitest';
import type { PartiesDocument } from '../catalogue';
import {
  childCounts,
  estimatePartyPrice,
  partyDateProblem,
  partyDateWindow,
  partyInquirySchema,
  partyMessages,
} from './party';
import { partyPackageLabel } from '../party-options';

const partySlots = ['9:30-11:30 AM', '12:00-2:00 PM', '2:00-4:00 PM', '4:00-6:00 PM'];
const pkg = (id: string, name: string, perChildPence: number) => ({
  id,
  name,
  perChildPence,
  hours: '2 hours',
  freeAdults: 1,
  includes: [],
  minChildren: 5,
  maxChildren: 24,
});
const parties: PartiesDocument = {
  packages: [pkg('bronze', 'Bronze', 1300), pkg('silver', 'Silver', 1600), pkg('gold', 'Gold', 1900)],
  privateHire: { pricePence: 19_900, maxChildren: 60, maxAdults: 60, foodPerPersonPence: 500, summary: '' },
  slots: partySlots,
};

const validParty = {
  parentName: 'Ada Parent',
  parentEmail: 'ada@example.com',
  parentPhone: '07700 900123',
  childName: 'Mia',
  childAge: '6',
  partyDate: '2030-06-15',
  partyTime: '12:00-2:00 PM',
  numberOfChildren: '12',
  packageType: 'gold',
  specialRequests: 'A unicorn theme please',
  dietaryRequirements: 'One child is vegetarian',
  inquiryType: 'party_booking',
} as const;

const firstMessage = (input: unknown, field: string) => {
  const r = partyInquirySchema.safeParse(input);
  if (r.success) return null;
  return r.error.issues.find((i) => i.path[0] === field)?.message ?? null;
};

describe('partyInquirySchema', () => {
  it('accepts a full enquiry and trims text', () => {
    const r = partyInquirySchema.parse({ ...validParty, parentName: '  Ada Parent ', specialRequests: '  none  ' });
    expect(r.parentName).toBe('Ada Parent');
    expect(r.specialRequests).toBe('none');
  });

  it('treats special requests and dietary requirements as optional', () => {
    const { specialRequests: _s, dietaryRequirements: _d, ...rest } = validParty;
    const r = partyInquirySchema.parse(rest);
    expect(r.specialRequests).toBe('');
    expect(r.dietaryRequirements).toBe('');
  });

  it.each([
    ['parentName', 'A', 'Name must be at least 2 characters'],
    ['parentName', '   ', 'Name must be at least 2 characters'],
    ['parentEmail', 'not-an-email', 'Please enter a valid email address'],
    ['parentEmail', `${'a'.repeat(250)}@example.com`, 'Please enter a valid email address'],
    ['parentPhone', '0770', 'Please enter a valid phone number'],
    ['parentPhone', 'call me maybe please', 'Please enter a valid phone number'],
    ['parentPhone', '0'.repeat(31), 'Please enter a valid phone number'],
    ['childName', 'M', "Child's name must be at least 2 characters"],
    ['childName', 'M'.repeat(81), "Child's name must be at most 80 characters"],
    ['childAge', '', "Please select child's age"],
    ['childAge', '0', "Please select child's age"],
    ['childAge', '13', "Please select child's age"],
    ['childAge', 6, "Please select child's age"],
    ['partyDate', '', 'Please select a preferred date'],
    ['partyDate', '2030-02-30', 'Please select a preferred date'],
    ['partyDate', '15/06/2030', 'Please select a preferred date'],
    ['partyTime', '', 'Please select a preferred time'],
    ['partyTime', 'x'.repeat(41), 'Please select a preferred time'],
    ['numberOfChildren', '', 'Please specify number of children'],
    ['numberOfChildren', '4', 'Please specify number of children'],
    ['numberOfChildren', '25', 'Please specify number of children'],
    ['packageType', '', 'Please select a party package'],
    ['packageType', 'platinum', 'Please select a party package'],
    ['specialRequests', 'x'.repeat(1001), 'Must be at most 1000 characters'],
    ['dietaryRequirements', 'x'.repeat(1001), 'Must be at most 1000 characters'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(firstMessage({ ...validParty, [field]: value }, field)).toBe(message);
  });

  it('requires inquiryType party_booking', () => {
    expect(partyInquirySchema.safeParse({ ...validParty, inquiryType: 'general' }).success).toBe(false);
    const { inquiryType: _i, ...rest } = validParty;
    expect(partyInquirySchema.safeParse(rest).success).toBe(false);
  });

  it('offers every party slot, ages 1-12 and 5-24 or 25+ children', () => {
    for (const slot of partySlots)
      expect(partyInquirySchema.safeParse({ ...validParty, partyTime: slot }).success, slot).toBe(true);
    expect(childCounts[0]).toBe('5');
    expect(childCounts.at(-2)).toBe('24');
    expect(childCounts.at(-1)).toBe('25+');
    expect(partyPackageLabel(parties, 'private-hire')).toBe('Private Hire');
    expect(partyPackageLabel(parties, 'gold')).toBe('Gold');
  });
});

describe('party date window', () => {
  it('runs from today to 12 months ahead', () => {
    expect(partyDateWindow('2025-06-14')).toEqual({ from: '2025-06-14', to: '2026-06-14' });
    expect(partyDateProblem('2025-06-14', '2025-06-14')).toBeNull();
    expect(partyDateProblem('2026-06-14', '2025-06-14')).toBeNull();
    expect(partyDateProblem('2025-06-13', '2025-06-14')).toBe(partyMessages.dateInPast);
    expect(partyDateProblem('2026-06-15', '2025-06-14')).toBe(partyMessages.dateTooFar);
  });
});

describe('estimatePartyPrice', () => {
  it('prices a package per child and private hire flat', () => {
    expect(estimatePartyPrice(parties, 'bronze', '10')).toEqual({ pence: 13_000, minimum: false });
    expect(estimatePartyPrice(parties, 'gold', '25+')).toEqual({ pence: 47_500, minimum: true });
    expect(estimatePartyPrice(parties, 'private-hire', '25+')).toEqual({ pence: 19_900, minimum: false });
  });
});
