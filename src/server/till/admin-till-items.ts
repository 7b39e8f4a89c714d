import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { cafeItemTillInputSchema, shopItemsInputSchema, ShopItem } from '../../shared/contracts/till';
import { commitCatalogueEdit, notInCatalogue } from '../catalogue/admin-edit';
import { slugOf } from '../catalogue/admin-menu-items';
import type { Db } from '../db/client';
import { menuItems, shopItems } from '../db/schema';
import { tillShopItems } from './till-catalogue';

/**
 * PUT /api/admin/catalogue/shop-items: the whole shop list in its order (DECISIONS.md "The venue owns its
 * catalogue": a catalogue edit, audited with the list before and after). An item keeps its id; a new one
 * gets one made from its name.
 */
export async function putShopItems(opts: {
  db: Db;
  input: z.infer<typeof shopItemsInputSchema>;
  actor: string;
}): Promise<ShopItem[]> {
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.shop_items_replaced',
    subjectType: 'shop_items',
    subjectId: 'shop',
    current: () => null,
    change: async (tx) => {
      const before = await tillShopItems(tx);
      const taken = new Set<string>();
      const rows = opts.input.items.map((item, i) => {
        let id = item.id ?? slugOf(item.name);
        for (let n = 2; taken.has(id); n++) id = `${item.id ?? slugOf(item.name)}-${n}`;
        taken.add(id);
        return {
          id,
          name: item.name,
          pricePence: item.pricePence,
          vatTreatment: item.vatTreatment,
          available: item.available,
          sort: i + 1,
        };
      });
      await tx.delete(shopItems);
      if (rows.length > 0) await tx.insert(shopItems).values(rows);
      return { before, after: await tillShopItems(tx), result: null };
    },
  });
  return tillShopItems(opts.db);
}

/** PATCH /api/admin/catalogue/menu-items/:id/till: a cafe item's VAT treatment, options and availability. */
export async function patchMenuItemTill(opts: {
  db: Db;
  id: string;
  input: z.infer<typeof cafeItemTillInputSchema>;
  actor: string;
}): Promise<void> {
  const { input } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.menu_item_till_updated',
    subjectType: 'menu_item',
    subjectId: opts.id,
    current: (all) => all.menuItems.find((m) => m.id === opts.id),
    change: async (tx) => {
      const [row] = await tx.select().from(menuItems).where(eq(menuItems.id, opts.id)).for('update');
      if (!row) throw notInCatalogue('menu item');
      const fields = (m: typeof row) => ({ vatTreatment: m.vatTreatment, options: m.options, available: m.available });
      const [after] = await tx
        .update(menuItems)
        .set({
          ...(input.vatTreatment ? { vatTreatment: input.vatTreatment } : {}),
          ...(input.options ? { options: input.options } : {}),
          ...(input.available !== undefined ? { available: input.available } : {}),
          version: row.version + 1,
        })
        .where(eq(menuItems.id, opts.id))
        .returning();
      return { before: fields(row), after: fields(after!), result: null };
    },
  });
}
