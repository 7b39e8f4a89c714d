import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SocialLink } from '../../../shared/catalogue';
import { useCatalogue } from '../../app/catalogue';

/** The venue's Facebook page address, when the catalogue has one. */
export function facebookHrefOf(social: readonly SocialLink[]): string | null {
  return social.find((s) => s.name === 'Facebook')?.href ?? null;
}

/** A button to the venue's Facebook page in a new tab; plain text while no page is configured. */
export function FacebookLink({ children, variant }: { children: ReactNode; variant: 'solid' | 'outline' }) {
  const { venue } = useCatalogue();
  const facebookHref = facebookHrefOf(venue.social);
  const base = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 font-semibold';
  if (!facebookHref) return <p className="text-slate-700">Find us on Facebook: search for {venue.name}.</p>;
  return (
    <a
      href={facebookHref}
      target="_blank"
      rel="noopener noreferrer"
      className={`${base} ${variant === 'solid' ? 'bg-blue-800 text-white hover:bg-blue-900' : 'bg-white text-blue-800 ring-2 ring-blue-800 hover:bg-blue-50'}`}
    >
      {children}
      <ExternalLink aria-hidden className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
