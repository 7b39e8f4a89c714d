import { Link, useLocation } from 'react-router';
import { venue } from '../../shared/venue';

/** What each not-yet-online page tells a family to do meanwhile, instead of a dead end. */
const notes: Record<string, { heading: string; text: string; phone?: string }> = {
  '/party-booking': {
    heading: 'Birthday Parties',
    text: `Online party enquiries are coming soon. To plan a party now, call our party line (${venue.partyLineHours}) or send us a message.`,
    phone: venue.partyLinePhone,
  },
  '/loyalty': {
    heading: 'Rewards',
    text: 'Looking up your points online is coming soon. You join automatically with your first booking, and every point you earn is kept.',
  },
  '/check-in': { heading: 'Check In', text: 'Self-service check-in is coming soon. Please check in at reception.' },
  '/admin': { heading: 'Staff', text: 'The staff area is coming soon.' },
  '/admin/search': { heading: 'Payment Search', text: 'The staff area is coming soon.' },
};

export function ComingSoonPage() {
  const { pathname } = useLocation();
  const note = notes[pathname] ?? { heading: venue.name, text: 'This page is coming soon.' };
  const phone = note.phone ?? venue.phone;
  // UK number to an international tel: link (01632 960 124 -> +441632960124).
  const phoneHref = `tel:+44${phone.replace(/\D/g, '').slice(1)}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 px-6 text-center">
      <h1 className="text-4xl font-bold text-brand-800">{note.heading}</h1>
      <p className="max-w-md text-lg text-slate-700">{note.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={phoneHref} className="inline-flex min-h-11 items-center rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-800 hover:bg-brand-100">
          Call {phone}
        </a>
        <Link to="/#contact" className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Send Us a Message
        </Link>
        <Link to="/" className="inline-flex min-h-11 items-center rounded-full px-6 py-3 font-semibold text-brand-800 underline">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
