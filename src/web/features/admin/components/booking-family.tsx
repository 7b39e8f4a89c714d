import { TriangleAlert } from 'lucide-react';
import { mentionsAllergy, type StaffBookingChild } from '../../../../shared/contracts/kiosk-agreement';
import { Pill } from './pill';

/**
 * What staff see of a booking's family (issue 39): whether the rules of play in force are accepted, and each
 * child the booking names with an age on the visit date and their notes, a note that mentions an allergy
 * marked as one. Nothing else of the profile: no date of birth, no other child.
 */
export function RulesOfPlayPill({ accepted }: { accepted: boolean }) {
  return accepted ? (
    <Pill tone="green">Rules of play accepted</Pill>
  ) : (
    <Pill tone="amber">Rules of play not accepted</Pill>
  );
}

export function BookingChildren({ items, label }: { items: StaffBookingChild[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-2">
      {items.map((c, i) => (
        <li key={`${c.firstName}-${i}`}>
          <p>
            <span className="font-semibold text-slate-900">{c.firstName}</span>{' '}
            <span className="text-slate-700">({c.ageOnVisit === 1 ? '1 year' : `${c.ageOnVisit} years`})</span>
          </p>
          {c.notes ? <ChildNotes notes={c.notes} /> : null}
        </li>
      ))}
    </ul>
  );
}

function ChildNotes({ notes }: { notes: string }) {
  const allergy = mentionsAllergy(notes);
  return (
    <p
      data-testid="child-notes"
      className={`mt-1 rounded-lg border-l-4 px-3 py-1 break-words ${
        allergy ? 'border-berry-700 bg-red-50 text-red-900' : 'border-amber-500 bg-amber-50 text-amber-950'
      }`}
    >
      {allergy ? <TriangleAlert aria-hidden className="mr-1 inline h-4 w-4 align-[-2px]" /> : null}
      <span className="font-bold">{allergy ? 'Allergy notes:' : 'Notes:'}</span> {notes}
    </p>
  );
}
