import type { FormEvent } from 'react';
import type { SocialLink } from '../../../../../shared/catalogue';
import { venueEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { RowsField } from '../rows-field';
import { useEditForm } from '../use-edit-form';
import { useSaveVenue, type VenueFormProps } from './save-venue';

const socialSchema = venueEditSchema.pick({ social: true });
const columns = [
  { key: 'name', label: 'Name', placeholder: 'Facebook' },
  { key: 'href', label: 'Address', type: 'url', placeholder: 'https://' },
] as const;

/** The social links in the footer; a link without an address shows as a name only. */
export function SocialForm({ value, version, onStale, onSaved }: VenueFormProps<SocialLink[]>) {
  const f = useEditForm({ social: value.map((s) => ({ name: s.name, href: s.href ?? '' })) });
  const save = useSaveVenue();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(socialSchema, {
      input: (v) => ({ social: v.social.map((s) => ({ name: s.name, href: s.href.trim() || null })) }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { version, social: parsed.data.social },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Social links saved',
            description: `${parsed.data.social?.length ?? 0} links in the footer.`,
          });
        },
        onError: (err) => reportEditError(err, { what: 'Social links', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Social links" className="space-y-4">
      <RowsField
        id={f.fieldId('social')}
        legend="Social links"
        hint="A full https:// address, or empty to show the name only."
        columns={columns}
        rows={f.values.social}
        onChange={(rows) => f.set('social', rows)}
        error={f.errors.social}
        max={8}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save social links'}
      </button>
    </form>
  );
}
