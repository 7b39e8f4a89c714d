import { describe, expect, it } from 'vitest';
import * as contract from '../../../../shared/contracts/family-profile';
import type { FamilyProfileResponse } from '../../../../shared/contracts/family-profile';
import {
  acceptedAtText,
  agreementBlocks,
  draftFromProfile,
  emptyAdult,
  emptyChild,
  fieldId,
  MAX_ADULTS,
  MAX_CHILDREN,
  messagesByField,
  namesText,
  profileBody,
  restoreRemovedChildren,
} from './family-form';

const profile: FamilyProfileResponse = {
  email: 'sam@example.com',
  version: 3,
  adults: [{ name: 'Sam Carter', phone: '07700 900456' }],
  children: [
    { id: 'c1', firstName: 'Maisie', dateOfBirth: '2020-08-12', notes: 'Nut allergy' },
    { id: 'c2', firstName: 'Alfie', dateOfBirth: '2025-09-30', notes: '' },
  ],
  birthdayReminders: true,
  birthdayRemindersChangedAt: null,
};

describe('the Family form', () => {
  it('shows a saved profile and sends it back as it was', () => {
    const draft = draftFromProfile(profile);
    expect(draft.children.map((c) => [c.key, c.id, c.firstName])).toEqual([
      ['c1', 'c1', 'Maisie'],
      ['c2', 'c2', 'Alfie'],
    ]);
    const { body } = profileBody(draft, profile.version);
    expect(body).toEqual({
      version: 3,
      adults: profile.adults,
      children: profile.children,
      birthdayReminders: true,
    });
  });

  it('puts a child the server still needs back where it was, keeping the other changes (issue 46)', () => {
    const draft = draftFromProfile(profile);
    const edited = {
      ...draft,
      children: [
        { ...draft.children[1]!, notes: 'Loves slides' },
        { ...emptyChild(), firstName: 'Ivy' },
      ],
    };
    const back = restoreRemovedChildren(edited, profile);
    expect(back.children.map((c) => [c.firstName, c.notes])).toEqual([
      ['Maisie', 'Nut allergy'],
      ['Alfie', 'Loves slides'],
      ['Ivy', ''],
    ]);
  });

  it('starts a new profile with one empty grown-up row, which is not sent while empty', () => {
    const draft = draftFromProfile({ ...profile, version: 0, adults: [], children: [], birthdayReminders: false });
    expect(draft.adults).toHaveLength(1);
    expect(draft.adults[0]).toMatchObject({ name: '', phone: '' });
    const child = { ...emptyChild(), firstName: 'Rosa', dateOfBirth: '2022-01-02' };
    const { body, adultRows, childRows } = profileBody({ ...draft, children: [child] }, 0);
    expect(body.adults).toEqual([]);
    expect(adultRows).toEqual([]);
    expect(body.children).toEqual([{ firstName: 'Rosa', dateOfBirth: '2022-01-02', notes: '' }]);
    expect(childRows).toEqual([child.key]);
  });

  it("offers as many rows as the server's schema takes", () => {
    expect([MAX_ADULTS, MAX_CHILDREN]).toEqual([contract.MAX_ADULTS, contract.MAX_CHILDREN]);
  });

  it('gives new rows keys of their own', () => {
    expect(new Set([emptyAdult().key, emptyAdult().key, emptyChild().key]).size).toBe(3);
  });

  it("puts the server's messages on the rows they are about, also when an empty row was left out", () => {
    const blank = emptyAdult();
    const named = { ...emptyAdult(), name: 'x'.repeat(81) };
    const draft = { ...draftFromProfile(profile), adults: [blank, named] };
    const { adultRows, childRows } = profileBody(draft, 3);
    const found = messagesByField(
      {
        'adults.0.name': ['Must be at most 80 characters'],
        'children.1.dateOfBirth': ['A date of birth cannot be in the future', 'second message'],
        children: ['A child is listed twice'],
        version: ['Missing version'],
        'children.9.firstName': ['no such row'],
      },
      { adultRows, childRows },
    );
    expect(found.byField).toEqual({
      [fieldId('adult', named.key, 'name')]: 'Must be at most 80 characters',
      'child-c2-dateOfBirth': 'A date of birth cannot be in the future',
    });
    expect(found.form).toEqual(['A child is listed twice', 'Missing version', 'no such row']);
    expect(messagesByField(undefined, { adultRows, childRows })).toEqual({ byField: {}, form: [] });
  });
});

describe('the rules of play as the page shows them', () => {
  it('makes paragraphs of lines and a list of the "- " lines', () => {
    expect(agreementBlocks('Our rules:\n- Socks on.\n-  Supervise.\n\nThanks!\r\n* Last')).toEqual([
      { kind: 'p', text: 'Our rules:' },
      { kind: 'ul', items: ['Socks on.', 'Supervise.'] },
      { kind: 'p', text: 'Thanks!' },
      { kind: 'ul', items: ['Last'] },
    ]);
    expect(agreementBlocks('  \n')).toEqual([]);
  });

  it('says when an acceptance was given at the venue, in summer and winter time', () => {
    expect(acceptedAtText('2026-08-12T13:05:00.000Z')).toBe('12 August 2026 at 14:05');
    expect(acceptedAtText('2026-12-01T09:00:00.000Z')).toBe('1 December 2026 at 09:00');
    expect(acceptedAtText('2026-03-28T23:30:00.000Z')).toBe('28 March 2026 at 23:30');
  });

  it('names children as a sentence does', () => {
    expect(namesText([])).toBe('');
    expect(namesText(['Maisie'])).toBe('Maisie');
    expect(namesText(['Maisie', 'Alfie'])).toBe('Maisie and Alfie');
    expect(namesText(['Maisie', 'Alfie', 'Rosa'])).toBe('Maisie, Alfie and Rosa');
  });
});
