import { MessageCircle, Pin, Share2, ThumbsUp } from 'lucide-react';
import type { NoticePost } from '../../../shared/catalogue';
import { longDate } from '../../../shared/date-text';
import { postAge } from './notice-board-posts';
import { PostBody } from './post-body';

/**
 * One notice: who posted it and when, its title and text. Pinned posts say so in words; the newest carries
 * a New flag. `today` (the browser's London day) adds the post's age; the server's first view, drawn once
 * when it starts, has none and shows the date only (use-browser-value.ts). There are no like, comment or
 * share counts to show (the posts are the venue's own), so the reactions row points to Facebook instead.
 */
export function PostCard({
  post,
  author,
  facebookHref,
  today,
  isNewest,
}: {
  post: NoticePost;
  author: string;
  facebookHref: string | null;
  today: string | null;
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
          <p className="font-bold text-slate-900">{author}</p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <time dateTime={post.publishFrom} data-testid="post-date">
              {longDate(post.publishFrom)}
            </time>
            {today && (
              <>
                <span aria-hidden>·</span>
                <span data-testid="post-age">{postAge(post.publishFrom, today)}</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {post.pinned && (
            <span
              data-testid="pinned-flag"
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900"
            >
              <Pin aria-hidden className="h-3.5 w-3.5" />
              Pinned
            </span>
          )}
          {isNewest && (
            <span
              data-testid="new-flag"
              className="rounded-full bg-berry-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white"
            >
              New
            </span>
          )}
        </div>
      </header>
      <h2 id={`post-${post.id}`} className="mt-3 text-lg font-bold text-slate-900">
        {post.title}
      </h2>
      <PostBody body={post.body} />
      {facebookHref && (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm">
          <a
            href={facebookHref}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-blue-800 underline-offset-4 hover:underline"
          >
            <span aria-hidden className="inline-flex items-center gap-1.5">
              <ThumbsUp className="h-4 w-4" />
              <MessageCircle className="h-4 w-4" />
              <Share2 className="h-4 w-4" />
            </span>
            Like, comment or share on Facebook
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
    </article>
  );
}
