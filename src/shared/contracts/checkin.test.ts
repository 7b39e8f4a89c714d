import { describe, expect, it } from 'vitest';
import {
  checkInFormSchema,
  findTicketsSchema,
  numberPlateSchema,
  referenceFormSchema,
  searchTicketsSchema,
  surnameFormSchema,
  walkInDetailsSchema,
} from './checkin';

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

  it("asks the kiosk's No Ticket? questions before sending: a whole reference, 3+ letters and 3 digits", () => {
    for (const ok of ['PTB-7K3Q9X', 'ptb7k3q9x', '7K3Q9X'])
      expect(referenceFormSchema.safeParse({ reference: ok }).success, ok).toBe(true);
    expect(referenceFormSchema.safeParse({ reference: 'PTB-7K' }).error?.issues[0]?.message).toBe(
      'Please enter your booking reference, e.g. PTB-7K3Q9X',
    );
    expect(surnameFormSchema.safeParse({ surname: 'Lee', phoneDigits: '123' }).success).toBe(true);
    const short = surnameFormSchema.safeParse({ surname: 'Li', phoneDigits: '12' });
    expect(short.error?.issues.map((i) => i.message)).toEqual([
      'Please enter your surname (at least 3 letters)',
      'Please enter the last 3 digits of your phone number',
    ]);
  });

  it('lets the server answer short kiosk searches itself (an empty list, like a wrong guess), not with a 400', () => {
    expect(findTicketsSchema.safeParse({ by: 'surname', surname: 'Li', phoneDigits: '1' }).success).toBe(true);
    expect(findTicketsSchema.safeParse({ by: 'reference', reference: '' }).success).toBe(true);
    expect(findTicketsSchema.safeParse({ by: 'name', name: 'Jess' }).success).toBe(false);
    expect(findTicketsSchema.safeParse({ by: 'ticket', token: 'x'.repeat(201) }).success).toBe(false);
  });
});
