import { Camera, Music2, ThumbsUp } from 'lucide-react';
import { useCatalogue } from '../../app/catalogue';

const icons: Record<string, typeof Camera> = { Facebook: ThumbsUp, Instagram: Camera, TikTok: Music2 };

/**
 * The venue's social pages. Their addresses are not known yet (venue.social hrefs are null), so
 * each renders as a labelled badge, never as a link that goes nowhere; a set href makes it a link.
 */
export function SocialPlaceholders({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { venue } = useCatalogue();
  const badge =
    tone === 'light'
      ? 'inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-100 px-4 text-sm font-semibold text-slate-800'
      : 'inline-flex min-h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white';
  return (
    <div>
      <p className={tone === 'light' ? 'text-sm text-slate-600' : 'text-sm text-brand-100'}>
        Follow us (pages coming soon):
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {venue.social.map((s) => {
          const Icon = icons[s.name] ?? ThumbsUp;
          const content = (
            <>
              <Icon aria-hidden className="h-4 w-4" /> {s.name}
            </>
          );
          return (
            <li key={s.name}>
              {s.href ? (
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${badge} underline-offset-4 hover:underline`}
                >
                  {content}
                </a>
              ) : (
                <span className={badge}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
