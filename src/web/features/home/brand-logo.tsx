import { useCatalogue } from '../../app/catalogue';

/** The barn mark and name; `tone` picks colours for light (nav) or dark (footer) backgrounds. */
export function BrandLogo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { venue } = useCatalogue();
  return (
    <span className="flex items-center gap-1.5 sm:gap-2">
      <svg aria-hidden="true" width="40" height="40" viewBox="0 0 64 64" className="h-8 w-8 shrink-0 sm:h-10 sm:w-10">
        <rect width="64" height="64" rx="14" fill={tone === 'light' ? '#0f766e' : '#fde047'} />
        <path d="M14 34 32 16l18 18v16H14z" fill={tone === 'light' ? '#fde047' : '#0f766e'} />
        <circle cx="32" cy="38" r="6" fill="#db2777" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span
          className={`font-display text-base font-bold sm:text-lg sm:whitespace-nowrap ${tone === 'light' ? 'text-brand-800' : 'text-white'}`}
        >
          {venue.name}
        </span>
        <span
          className={`text-xs font-medium sm:whitespace-nowrap ${tone === 'light' ? 'text-slate-600' : 'text-brand-100'}`}
        >
          {venue.brandLine}
        </span>
      </span>
    </span>
  );
}
