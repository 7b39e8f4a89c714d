import { ArrowRight, Heart, MessageCircle, Megaphone, Share2 } from 'lucide-react';
import { Link } from '../../app/router';
import { useLatestPost } from './use-latest-post';

const cardClass = 'flex flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-lg';

/** The latest social post (SPEC.md section 4): spinner, then the post or a generic card. */
export function SocialUpdateCard() {
  const state = useLatestPost();
  const post = state.status === 'ready' && state.data?.success ? state.data.post : undefined;
  const demo = state.status === 'ready' && state.data?.hasCredentials === false;

  return (
    <article aria-labelledby="social-card-heading" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="social-card-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-sky-100 text-sky-700">
            <Megaphone aria-hidden className="h-5 w-5" />
          </span>
          {post ? 'Latest from Facebook' : 'Facebook Updates'}
        </h2>
        {demo && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold whitespace-nowrap text-amber-800">
            Demo Mode
          </span>
        )}
      </div>

      {state.status === 'loading' ? (
        <p role="status" className="flex min-h-24 items-center gap-3 text-slate-600">
          <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-4 border-sky-100 border-t-sky-700" />
          Loading the latest news...
        </p>
      ) : post ? (
        <div className="min-h-24">
          <p className="line-clamp-4 text-slate-800">{post.text}</p>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>{post.timeAgo}</span>
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden className="h-4 w-4" /> {post.likes} <span className="sr-only">likes</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden className="h-4 w-4" /> {post.comments}{' '}
              <span className="sr-only">comments</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <Share2 aria-hidden className="h-4 w-4" /> {post.shares} <span className="sr-only">shares</span>
            </span>
          </p>
        </div>
      ) : (
        <p className="min-h-24 text-slate-700">
          News, offers and event dates from the barn. Check our notice board for what&apos;s on this week.
        </p>
      )}

      <Link
        to="/facebook-feed"
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-full bg-sky-700 px-5 font-semibold text-white hover:bg-sky-800"
      >
        See all updates <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </article>
  );
}
