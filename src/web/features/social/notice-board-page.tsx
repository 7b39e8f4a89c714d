import { ArrowLeft, CircleCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../app/router';
import { openingHours, venue } from '../../../shared/venue';
import { FacebookLink } from './facebook-link';
import { noticeBoardPosts } from './notice-board-posts';
import { PostCard } from './post-card';
import { useBrowserValue } from '../../lib/use-browser-value';

/** /facebook-feed: the notice board of venue news (SPEC.md section 2); fixed posts, no calls. */
const inBrowser = () => true;

export function NoticeBoardPage() {
  const [now] = useState(() => new Date());
  // The posts are dated from now. Their ages read the same whenever they are drawn, but their dates
  // (the <time> attributes) would be those of the server's start in its prerendered first view:
  // they are left out there and filled in by the browser (use-browser-value.ts).
  const dated = useBrowserValue(inBrowser) === true;
  const posts = noticeBoardPosts(now).sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
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
          Open {openingHours.days[0].hours} daily · 2-hour play sessions · last entry {openingHours.lastEntryLabel}
        </p>

        <ol className="mt-5 flex flex-col gap-4" aria-label="Latest posts">
          {posts.map((post, i) => (
            <li key={post.id}>
              <PostCard post={post} now={now} dated={dated} isNewest={i === 0} />
            </li>
          ))}
        </ol>

        <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-800">See photos, events and more on our page.</p>
          <FacebookLink variant="outline">View Our Facebook Page</FacebookLink>
        </div>
      </div>
    </main>
  );
}
