import { ArrowLeft, CircleCheck, Clock } from 'lucide-react';
import { todayInLondon } from '../../../shared/dates';
import { useCatalogue } from '../../app/catalogue';
import { Link } from '../../app/router';
import { useBrowserValue } from '../../lib/use-browser-value';
import { FacebookLink, facebookHrefOf } from './facebook-link';
import { newestPostId, noticeBoardOrder, openingLine } from './notice-board-posts';
import { PostCard } from './post-card';

const todayHere = () => todayInLondon(new Date());

/** /facebook-feed: the notice board of venue news (SPEC.md section 2): the posts staff write in the catalogue. */
export function NoticeBoardPage() {
  const { venue, openingHours, sessions, posts } = useCatalogue();
  // A post's age depends on the clock, which the server's first view (rendered once, when it starts) cannot
  // know: it shows the dates only, and the browser adds the ages (use-browser-value.ts).
  const today = useBrowserValue(todayHere);
  const ordered = noticeBoardOrder(posts);
  const newest = newestPostId(ordered);
  const facebookHref = facebookHrefOf(venue.social);
  return (
    <main className="min-h-screen bg-brand-50/60 px-4 py-6 sm:py-10">
      <div className="mx-auto max-w-2xl">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back to Home
        </Link>
        <h1 className="mt-5 font-display text-3xl font-bold text-brand-800 sm:text-4xl">Notice Board</h1>
        <p className="mt-2 text-lg text-slate-700">News, offers and opening times from {venue.name}.</p>

        <section
          aria-label="Facebook connection"
          className="mt-5 flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-blue-200 sm:flex-row sm:items-center"
        >
          <div className="flex flex-1 items-center gap-3">
            <CircleCheck aria-hidden className="h-7 w-7 shrink-0 text-emerald-700" />
            <div>
              <p className="font-bold text-slate-900">Connected to Facebook</p>
              <p className="text-sm text-slate-700">The latest posts from our Facebook page.</p>
            </div>
          </div>
          <FacebookLink variant="solid">Follow Us on Facebook</FacebookLink>
        </section>

        <p className="mt-4 flex items-center gap-2 rounded-2xl bg-sun-300/40 px-4 py-3 text-slate-900">
          <Clock aria-hidden className="h-5 w-5 shrink-0 text-amber-800" />
          {openingLine(openingHours, sessions)}
        </p>

        {ordered.length === 0 ? (
          <p className="mt-5 rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
            No news just now: check back soon.
          </p>
        ) : (
          <ol className="mt-5 flex flex-col gap-4" aria-label="Latest posts">
            {ordered.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  author={venue.name}
                  facebookHref={facebookHref}
                  today={today}
                  isNewest={post.id === newest}
                />
              </li>
            ))}
          </ol>
        )}

        <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-800">See photos, events and more on our page.</p>
          <FacebookLink variant="outline">View Our Facebook Page</FacebookLink>
        </div>
      </div>
    </main>
  );
}
