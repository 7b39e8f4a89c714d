import { CalendarCheck, Infinity as NoExpiry, Sparkles, Users } from 'lucide-react';
import { Card } from '../../../components/ui/primitives';

const benefits = [
  { icon: NoExpiry, title: 'No expiry', text: 'Use your credits whenever suits you: they never run out.' },
  {
    icon: Users,
    title: 'Any of your children',
    text: 'One credit is one 2-hour session for one child aged 1-12, for as many children as you like.',
  },
  {
    icon: Sparkles,
    title: 'Applied automatically',
    text: 'Book online with the same email and your credits pay for child tickets.',
  },
  { icon: CalendarCheck, title: 'Book any open session', text: 'Weekday or weekend, whenever there is room.' },
];

export function CreditBenefits() {
  return (
    <Card>
      <h2 className="text-2xl font-bold text-slate-900">Why Buy Credits?</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50">
              <Icon aria-hidden className="h-6 w-6 text-brand-700" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{title}</span>
              <span className="text-slate-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
