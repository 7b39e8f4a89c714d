import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { noticePostEditSchema, noticePostSchema } from '../../shared/contracts/catalogue';
import type { Db } from '../db/client';
import { noticePosts } from '../db/schema';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

// The notice board's posts. Text is stored as typed: pages show it as text (React escapes it; links and
// line breaks are found in the text, never HTML), so a script tag in a post is just words on the board.

const current = (id: string) => (all: AdminCatalogue) => all.posts.find((p) => p.id === id);

const fieldsOf = (p: typeof noticePosts.$inferSelect) => ({
  title: p.title,
  body: p.body,
  publishFrom: p.publishFrom,
  expiresOn: p.expiresOn,
  pinned: p.pinned,
});

const fieldsOfInput = (input: z.infer<typeof noticePostSchema>) => ({
  title: input.title,
  body: input.body,
  publishFrom: input.publishFrom,
  expiresOn: input.expiresOn,
  pinned: input.pinned,
});

export async function createPost(opts: {
  db: Db;
  input: z.infer<typeof noticePostSchema>;
  actor: string;
}): Promise<string> {
  return commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.post_created',
    subjectType: 'notice_post',
    subjectId: '',
    current: () => null,
    change: async (tx) => {
      const [made] = await tx.insert(noticePosts).values(fieldsOfInput(opts.input)).returning();
      return { before: null, after: fieldsOf(made!), result: made!.id, subjectId: made!.id };
    },
  });
}

export async function editPost(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof noticePostEditSchema>;
  actor: string;
}): Promise<void> {
  const { id, input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.post_edited',
    subjectType: 'notice_post',
    subjectId: id,
    current: current(id),
    change: async (tx) => {
      const [row] = await tx.select().from(noticePosts).where(eq(noticePosts.id, id)).for('update');
      if (!row) throw notInCatalogue('post');
      if (row.version !== input.version) return STALE;
      const [after] = await tx
        .update(noticePosts)
        .set({ ...fieldsOfInput(input), version: row.version + 1 })
        .where(eq(noticePosts.id, id))
        .returning();
      return { before: fieldsOf(row), after: fieldsOf(after!), result: undefined };
    },
  });
}

export async function deletePost(opts: { db: Db; id: string; version: number; actor: string }): Promise<void> {
  const { id } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.post_deleted',
    subjectType: 'notice_post',
    subjectId: id,
    current: current(id),
    change: async (tx) => {
      const [row] = await tx.select().from(noticePosts).where(eq(noticePosts.id, id)).for('update');
      if (!row) throw notInCatalogue('post');
      if (row.version !== opts.version) return STALE;
      await tx.delete(noticePosts).where(eq(noticePosts.id, id));
      return { before: fieldsOf(row), after: null, result: undefined };
    },
  });
}
