import type { FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import {
  noticePostEditSchema,
  noticePostSchema,
  type NoticePostInput,
} from '../../../../../shared/contracts/catalogue';
import { todayInLondon } from '../../../../../shared/dates';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { catalogueRequest, idPath, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { CheckboxField, TextArea, TextField } from '../../components/fields';
import { useEditForm } from '../use-edit-form';

export type AdminPost = AdminCatalogue['posts'][number];

type Draft = { title: string; body: string; publishFrom: string; expiresOn: string; pinned: boolean };
const inputOf = (d: Draft): NoticePostInput => ({ ...d, expiresOn: d.expiresOn || null });

/** A notice board post: plain text (links and line breaks kept), shown between two dates. */
export function PostForm({
  post,
  onDone,
  onStale,
}: {
  post?: AdminPost;
  onDone: () => void;
  onStale?: (current: unknown) => void;
}) {
  const f = useEditForm<Draft>(
    post
      ? {
          title: post.title,
          body: post.body,
          publishFrom: post.publishFrom,
          expiresOn: post.expiresOn ?? '',
          pinned: post.pinned,
        }
      : { title: '', body: '', publishFrom: todayInLondon(new Date()), expiresOn: '', pinned: false },
  );
  const save = useCatalogueEdit((input: NoticePostInput & { version?: number }) =>
    post ? catalogueRequest('PATCH', idPath('posts', post.id), input) : catalogueRequest('POST', '/posts', input),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = post
      ? f.check(noticePostEditSchema, { input: (v) => ({ ...inputOf(v), version: post.version }) })
      : f.check(noticePostSchema, { input: inputOf });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        if (!post) f.reset();
        onDone();
        toast({
          title: post ? 'Post saved' : 'Post added',
          description: `“${parsed.data.title}” is on the notice board.`,
        });
      },
      onError: (err) => reportEditError(err, { what: post ? 'Post' : 'New post', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={post ? `Edit ${post.title}` : 'New post'} className="mt-3 space-y-4">
      <TextField {...f.text('title')} label="Title" maxLength={120} autoComplete="off" />
      <TextArea
        {...f.text('body')}
        label="Text"
        rows={6}
        maxLength={2000}
        hint="Plain text: line breaks and web addresses are kept; anything else shows exactly as typed."
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('publishFrom')} label="Show from" type="date" />
        <TextField {...f.text('expiresOn')} label="Show until (optional)" type="date" min={f.values.publishFrom} />
      </div>
      <CheckboxField
        id={f.fieldId('pinned')}
        label="Pinned to the top"
        checked={f.values.pinned}
        onChange={(on) => f.set('pinned', on)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : post ? 'Save post' : 'Add post'}
        </button>
        <button type="button" className={`${smallSecondary} min-h-12 px-5`} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
