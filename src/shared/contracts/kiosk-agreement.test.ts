import { describe, expect, it } from 'vitest';
import { kioskAcceptAgreementSchema, mentionsAllergy } from './kiosk-agreement';

describe('the kiosk agreement contract (issue 39)', () => {
  const valid = { handle: 'h'.repeat(40), version: 1, fullName: '  Sam  Carter ', accept: true };

  it('takes a typed full name, trimmed, and refuses markup, one word or no tick', () => {
    expect(kioskAcceptAgreementSchema.parse(valid).fullName).toBe('Sam  Carter');
    for (const fullName of ['<b>Sam</b> Carter', 'Sam <script>', 'Sam', '   ', 'x '.repeat(80)])
      expect(kioskAcceptAgreementSchema.safeParse({ ...valid, fullName }).success, fullName).toBe(false);
    expect(kioskAcceptAgreementSchema.safeParse({ ...valid, accept: false }).success).toBe(false);
    expect(kioskAcceptAgreementSchema.safeParse({ ...valid, version: 0 }).success).toBe(false);
    expect(kioskAcceptAgreementSchema.safeParse({ ...valid, handle: '' }).success).toBe(false);
  });

  it('marks notes that mention an allergy, not every note', () => {
    for (const notes of ['Nut allergy', 'no nuts please', 'Dairy free', 'carries an EpiPen', 'Coeliac', 'eggs'])
      expect(mentionsAllergy(notes), notes).toBe(true);
    for (const notes of ['Needs ear defenders', 'Shy at first', 'minutes late', 'legs in a cast'])
      expect(mentionsAllergy(notes), notes).toBe(false);
  });
});
