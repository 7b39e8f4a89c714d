import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { longDate } from '../../../../../shared/date-text';
import { toast } from '../../../../components/ui/toast-store';
import { Pill } from '../../components/pill';
import { smallSecondary } from '../../components/panel-parts';
import { ConfirmDialog } from '../confirm-dialog';
import { catalogueRequest, idPath, isStale, useCatalogueEdit } from '../catalogue-api';
import { StaleAlert, useStale } from '../stale-alert';
import { PostForm, type AdminPost } from './post-form';

function status(p: AdminPost, today: string) {
  if (p.publishFrom > today) return <Pill tone="sky">Scheduled</Pill>;
  if (p.expiresOn !== null && p.expiresOn < today) return <Pill tone="slate">Expired</Pill>;
  return <Pill tone="green">Showing now</Pill>;
}

/** One post as staff typed it (text, never HTML), with its editor and delete behind buttons. */
export function PostCard({ post, today }: { post: AdminPost; today: string }) {
  const stale = useStale();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useCatalogueEdit((version: number) =>
    catalogueRequest('DELETE', idPath('posts', post.id), { version }),
  );

  function confirmDelete() {
    remove.mutate(post.version, {
      onSuccess: () => {
        setDeleting(false);
        toast({ title: 'Post deleted', description: `“${post.title}” is off the notice board.` });
      },
      onError: (err) => {
        setDeleting(false);
        if (isStale(err)) stale.onStale(err.current);
        toast({ title: 'Post not deleted', description: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{post.title}</span>
            {status(post, today)}
            {post.pinned ? <Pill tone="amber">Pinned</Pill> : null}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            From {longDate(post.publishFrom)}
            {post.expiresOn ? ` until ${longDate(post.expiresOn)}` : ', no end date'}
          </p>
          <p className="mt-2 line-clamp-4 break-words whitespace-pre-line text-slate-800">{post.body}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallSecondary}
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            <Pencil aria-hidden className="h-4 w-4" />
            {editing ? 'Close' : 'Edit'}
            <span className="sr-only"> {post.title}</span>
          </button>
          <button type="button" className={smallSecondary} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete<span className="sr-only"> {post.title}</span>
          </button>
        </div>
      </div>
      <StaleAlert stale={stale} />
      {editing ? (
        <PostForm
          key={post.version}
          post={post}
          onDone={() => {
            stale.clear();
            setEditing(false);
          }}
          onStale={stale.onStale}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={`Delete “${post.title}”?`}
        confirmLabel="Delete post"
        backLabel="Keep it"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      >
        <p>It leaves the notice board at once. This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}
