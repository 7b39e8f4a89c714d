import { MessageCircle, Share2, ThumbsUp } from 'lucide-react';
import { timeAgo } from '../../../shared/time-ago';
import { VENUE_TIME_ZONE, venue } from '../../../shared/venue';
import type { NewsPost, NewsPostType } from './notice-board-posts';

const typeLabels: Record<NewsPostType, string> = {
  menu: 'Cafe',
  hours: 'Opening hours',
  party: 'Parties',
  toddler: 'Toddlers',
  credits: 'Offers',
};
const fullDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: VENUE_TIME_ZONE });

function Stat({ icon: Icon, n, label }: { icon: typeof ThumbsUp; n: number; label: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <Icon aria-hidden className="h-4 w-4" />
      <span>
        {n}
        <span className="sr-only"> {label}</span>
      </span>
    </li>
  );
}

/**
 * One notice: who, how long ago, the text and its reactions. The newest carries a New flag. `dated`
 * adds the post's date and time (machine-readable and as a tooltip); without it, only the age shows.
 */
export function PostCard({
  post,
  now,
  dated,
  isNewest,
}: {
  post: NewsPost;
  now: Date;
  dated: boolean;
  isNewest: boolean;
}) {
  return (
    <article
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="news-post"
      aria-labelledby={`post-${post.id}`}
    >
      <header className="flex items-center gap-3">
        <img src="/favicon.svg" width={44} height={44} alt="" className="h-11 w-11 rounded-full" />
        <div className="min-w-0 flex-1">
          <h2 id={`post-${post.id}`} className="font-bold text-slate-900">
            {venue.name}
            <span className="sr-only">: {typeLabels[post.type]}</span>
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <time
              dateTime={dated ? post.timestamp.toISOString() : undefined}
              title={dated ? fullDate.format(post.timestamp) : undefined}
              data-testid="post-age"
            >
              {timeAgo(post.timestamp, now)}
            </time>
            <span aria-hidden>·</span>
            <span>{typeLabels[post.type]}</span>
          </p>
        </div>
        {isNewest && (
          <span
            data-testid="new-flag"
            className="rounded-full bg-berry-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white"
          >
            New
          </span>
        )}
      </header>
      <p className="mt-3 whitespace-pre-line text-slate-800">{post.text}</p>
      <ul
        aria-label="Reactions"
        className="mt-4 flex flex-wrap gap-x-5 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700"
      >
        <Stat icon={ThumbsUp} n={post.likes} label="likes" />
        <Stat icon={MessageCircle} n={post.comments} label="comments" />
        <Stat icon={Share2} n={post.shares} label="shares" />
      </ul>
    </article>
  );
}
