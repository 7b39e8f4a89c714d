import type { FormEvent } from 'react';
import { menuItemEditSchema, menuItemSchema, type MenuItemInput } from '../../../../../shared/contracts/catalogue';
import { allergens, dietaryTags, menuSections, posterCategories } from '../../../../../shared/menu';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { catalogueRequest, idPath, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { CheckboxField, CheckboxGroup, MoneyField, SelectField, TextArea, TextField } from '../../components/fields';
import { poundsErrors } from '../money';
import { useEditForm } from '../use-edit-form';
import { inputOf, type AdminMenuItem, type MenuDraft } from './menu-draft';

const sectionOptions = menuSections.map((s) => ({ value: s.id, label: s.label }));
const posterOptions = [
  { value: '', label: 'Usual for the section' },
  ...Object.entries(posterCategories).map(([value, label]) => ({ value, label })),
];
const allergenOptions = allergens.map((a) => ({ id: a.id, label: a.label }));
const dietaryOptions = dietaryTags.map((d) => ({ id: d.id, label: d.label }));

/** Adds an item (no `item`) or edits one from its version; `onDone` closes the form after a save. */
export function MenuItemForm({
  item,
  initial,
  onDone,
  onStale,
}: {
  item?: AdminMenuItem;
  initial: MenuDraft;
  onDone: () => void;
  onStale?: (current: unknown) => void;
}) {
  const f = useEditForm<MenuDraft>(initial);
  const save = useCatalogueEdit((input: MenuItemInput & { version?: number }) =>
    item
      ? catalogueRequest('PATCH', idPath('menu-items', item.id), input)
      : catalogueRequest('POST', '/menu-items', input),
  );
  const what = item ? 'Menu item' : 'New menu item';

  function submit(e: FormEvent) {
    e.preventDefault();
    const also = (v: MenuDraft) => poundsErrors(v, ['pricePence']);
    const parsed = item
      ? f.check(menuItemEditSchema, { input: (v) => ({ ...inputOf(v), version: item.version }), also })
      : f.check(menuItemSchema, { input: inputOf, also });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        if (!item) f.reset();
        onDone();
        toast({
          title: item ? 'Menu item saved' : 'Menu item added',
          description: `${parsed.data.name}, ${formatPence(parsed.data.pricePence)}, is on the menu${parsed.data.available ? '' : ' (shown as not available)'}.`,
        });
      },
      onError: (err) => reportEditError(err, { what, keys: f.keys, show: f.show, onStale }),
    });
  }

  const label = item ? `Edit ${item.name}` : 'Add a menu item';
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="mt-3 space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField {...f.text('section')} label="Menu section" options={sectionOptions} />
        <SelectField {...f.text('posterCategory')} label="Poster group" options={posterOptions} />
        <TextField {...f.text('name')} label="Name" maxLength={80} autoComplete="off" />
        <MoneyField {...f.text('pricePence')} label="Price (£)" />
      </div>
      <TextArea {...f.text('description')} label="Description" maxLength={300} />
      <TextField {...f.text('emoji')} label="Emoji (optional)" maxLength={8} autoComplete="off" />
      <CheckboxGroup
        id={f.fieldId('allergens')}
        legend="Allergens it contains"
        options={allergenOptions}
        chosen={f.values.allergens}
        onChange={(ids) => f.set('allergens', ids)}
        error={f.errors.allergens}
      />
      <CheckboxGroup
        id={f.fieldId('dietary')}
        legend="Dietary"
        options={dietaryOptions}
        chosen={f.values.dietary}
        onChange={(ids) => f.set('dietary', ids)}
        error={f.errors.dietary}
      />
      <CheckboxField
        id={f.fieldId('available')}
        label="Available to order"
        checked={f.values.available}
        onChange={(on) => f.set('available', on)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : item ? 'Save item' : 'Add item'}
        </button>
        <button type="button" className={`${smallSecondary} min-h-12 px-5`} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
