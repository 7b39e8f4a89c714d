import { describe, expect, it } from 'vitest';
import { checkInFormSchema, numberPlateSchema, searchTicketsSchema, walkInDetailsSchema } from './checkin';

describe('kiosk contract', () => {
  it('normalises number plates: upper case, no spaces, empty is null, at most 8 of A-Z 0-9', () => {
    expect(numberPlateSchema.parse('ab12 cde')).toBe('AB12CDE');
    expect(numberPlateSchema.parse(' a b 1 ')).toBe('AB1');
    expect(numberPlateSchema.parse('')).toBeNull();
    expect(numberPlateSchema.parse('   ')).toBeNull();
    expect(numberPlateSchema.parse(undefined)).toBeNull();
    expect(numberPlateSchema.parse(null)).toBeNull();
    expect(numberPlateSchema.parse('ABCD1234')).toBe('ABCD1234');
    for (const bad of ['ABCD12345', 'AB-12', 'ÄB12', '<b>'])
      expect(numberPlateSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("uses SPEC.md's messages", () => {
    expect(searchTicketsSchema.safeParse({ customerName: ' J ' }).error?.issues[0]?.message).toBe(
      "Please enter at least 2 characters of the customer's name",
    );
    expect(
      walkInDetailsSchema.safeParse({ customerName: ' J ', numberOfChildren: 1, numberOfAdults: 1 }).error?.issues[0]
        ?.message,
    ).toBe('Name Required');
  });

  it('needs all three boxes ticked to check in', () => {
    const all = { termsAgreed: true, disclaimerAgreed: true, cefParkingAgreed: true, numberPlate: '' };
    expect(checkInFormSchema.safeParse(all).success).toBe(true);
    for (const box of ['termsAgreed', 'disclaimerAgreed', 'cefParkingAgreed'] as const) {
      const result = checkInFormSchema.safeParse({ ...all, [box]: false });
      expect(
        result.error?.issues.map((i) => i.path[0]),
        box,
      ).toEqual([box]);
    }
  });
});
