import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { menuItemEditSchema, menuItemSchema } from '../../shared/contracts/catalogue';
import { menuSections, type MenuSectionId, type PosterCategory } from '../../shared/menu';
import type { Db } from '../db/client';
import { menuItems, menuPhotos } from '../db/schema';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

type MenuItemInput = z.infer<typeof menuItemSchema>;

/** Where the poster lists an item whose editor did not say (the commonest group of each section). */
const defaultPosterCategory: Record<MenuSectionId, PosterCategory> = {
  kids: 'mains',
  adult: 'mains',
  snacks: 'snacks',
  drinks: 'cold',
};

/** "Crème Brûlée & Jam!" -> "creme-brulee-jam": readable ids in the admin's URLs and the menu's anchors. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'item';
}

const current = (id: string) => (all: AdminCatalogue) => all.menuItems.find((m) => m.id === id);

/** The item's editable fields as the audit entry records them. */
const fieldsOf = (m: typeof menuItems.$inferSelect) => ({
  section: m.section,
  name: m.name,
  description: m.description,
  pricePence: m.pricePence,
  allergens: m.allergens,
  dietary: m.dietary,
  available: m.available,
  emoji: m.emoji,
  posterCategory: m.posterCategory,
});

const valuesOf = (input: MenuItemInput) => ({
  section: input.section,
  name: input.name,
  description: input.description,
  pricePence: input.pricePence,
  allergens: input.allergens,
  dietary: input.dietary,
  available: input.available,
});

/** A new item at the end of the menu; its id is made from its name, with -2, -3... when taken. */
export async function createMenuItem(opts: { db: Db; input: MenuItemInput; actor: string }): Promise<string> {
  const { input } = opts;
  const base = slugOf(input.name);
  return commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.menu_item_created',
    subjectType: 'menu_item',
    subjectId: base,
    current: () => null,
    change: async (tx) => {
      const section = input.section as MenuSectionId;
      const row = {
        ...valuesOf(input),
        emoji: input.emoji || menuSections.find((s) => s.id === section)!.emoji,
        posterCategory: input.posterCategory ?? defaultPosterCategory[section],
        sort: sql`(select coalesce(max(sort), 0) + 1 from menu_items)`,
      };
      for (let n = 1; ; n++) {
        const id = n === 1 ? base : `${base}-${n}`;
        const [made] = await tx
          .insert(menuItems)
          .values({ id, ...row })
          .onConflictDoNothing()
          .returning();
        if (made) return { before: null, after: fieldsOf(made), result: id, subjectId: id };
      }
    },
  });
}

export async function editMenuItem(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof menuItemEditSchema>;
  actor: string;
}): Promise<void> {
  const { id, input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.menu_item_edited',
    subjectType: 'menu_item',
    subjectId: id,
    current: current(id),
    change: async (tx) => {
      const [row] = await tx.select().from(menuItems).where(eq(menuItems.id, id)).for('update');
      if (!row) throw notInCatalogue('menu item');
      if (row.version !== input.version) return STALE;
      const [after] = await tx
        .update(menuItems)
        .set({
          ...valuesOf(input),
          // Not on every editor's form: kept unless sent.
          emoji: input.emoji || row.emoji,
          posterCategory: input.posterCategory ?? row.posterCategory,
          version: row.version + 1,
        })
        .where(eq(menuItems.id, id))
        .returning();
      return { before: fieldsOf(row), after: fieldsOf(after!), result: undefined };
    },
  });
}

/** Removes an item from the menu, and its photo's files with it. */
export async function deleteMenuItem(opts: { db: Db; id: string; version: number; actor: string }): Promise<void> {
  const { id } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.menu_item_deleted',
    subjectType: 'menu_item',
    subjectId: id,
    current: current(id),
    change: async (tx) => {
      const [row] = await tx.select().from(menuItems).where(eq(menuItems.id, id)).for('update');
      if (!row) throw notInCatalogue('menu item');
      if (row.version !== opts.version) return STALE;
      await tx.delete(menuItems).where(eq(menuItems.id, id));
      if (row.photo) await tx.delete(menuPhotos).where(eq(menuPhotos.key, row.photo));
      return { before: fieldsOf(row), after: null, result: undefined };
    },
  });
}
