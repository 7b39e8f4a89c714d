import { Plus } from 'lucide-react';
import { useState } from 'react';
import { todayInLondon } from '../../../../../shared/dates';
import { smallPrimary } from '../../components/panel-parts';
import { cardClass, SectionHeading, type SectionProps } from '../section-parts';
import { PostCard } from './post-card';
import { PostForm } from './post-form';

/** The notice board: news and notices families see, each between two dates; pinned ones first. */
export function PostsSection({ catalogue }: SectionProps) {
  const [adding, setAdding] = useState(false);
  const today = todayInLondon(new Date());
  const posts = [...catalogue.posts].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || b.publishFrom.localeCompare(a.publishFrom),
  );
  return (
    <div>
      <SectionHeading title="Notice board">
        Notices on the site: holiday hours, news, offers. Each shows from its first day until its last.
      </SectionHeading>
      <div className={`${cardClass} mb-6`}>
        <button
          type="button"
          className={`${smallPrimary} min-h-12 px-5`}
          aria-expanded={adding}
          onClick={() => setAdding((v) => !v)}
        >
          <Plus aria-hidden className="h-5 w-5" />
          New post
        </button>
        {adding ? <PostForm onDone={() => setAdding(false)} /> : null}
      </div>
      {posts.length === 0 ? (
        <p className="text-slate-700">No posts yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Posts">
          {posts.map((p) => (
            <PostCard key={p.id} post={p} today={today} />
          ))}
        </ul>
      )}
    </div>
  );
}
