import type { FormEvent } from 'react';
import type { VenueDocument } from '../../../../../shared/catalogue';
import { venueEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { TextArea, TextField } from '../../components/fields';
import { useEditForm } from '../use-edit-form';
import { useSaveVenue, type VenueFormProps } from './save-venue';

const contactSchema = venueEditSchema.pick({
  name: true,
  brandLine: true,
  description: true,
  phone: true,
  email: true,
  partyLinePhone: true,
  partyLineHours: true,
  aboutVideoUrl: true,
  vatNumber: true,
});

/** The venue's name and how families reach it. */
export function ContactForm({ value: v, version, onStale, onSaved }: VenueFormProps<VenueDocument>) {
  const f = useEditForm({
    name: v.name,
    brandLine: v.brandLine,
    description: v.description,
    phone: v.phone,
    email: v.email,
    partyLinePhone: v.partyLinePhone,
    partyLineHours: v.partyLineHours,
    aboutVideoUrl: v.aboutVideoUrl ?? '',
    vatNumber: v.vatNumber ?? '',
  });
  const save = useSaveVenue();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = f.check(contactSchema, {
      input: (x) => ({ ...x, aboutVideoUrl: x.aboutVideoUrl.trim() || null, vatNumber: x.vatNumber.trim() || null }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { ...parsed.data, version },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: 'Venue details saved', description: 'The site shows the new name and contacts.' });
        },
        onError: (err) => reportEditError(err, { what: 'Venue details', keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Name and contacts" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...f.text('name')} label="Venue name" maxLength={80} />
        <TextField {...f.text('brandLine')} label="Brand line" maxLength={80} />
        <TextField {...f.text('phone')} label="Phone" type="tel" autoComplete="off" maxLength={20} />
        <TextField {...f.text('email')} label="Email" type="email" autoComplete="off" maxLength={254} />
        <TextField
          {...f.text('partyLinePhone')}
          label="Party line phone"
          type="tel"
          autoComplete="off"
          maxLength={20}
        />
        <TextField
          {...f.text('partyLineHours')}
          label="Party line hours"
          maxLength={60}
          hint="As families read it, e.g. 9:00am-6:00pm every day."
        />
      </div>
      <TextArea {...f.text('description')} label="Description" maxLength={400} />
      <TextField
        {...f.text('aboutVideoUrl')}
        label="About video address (optional)"
        type="url"
        maxLength={300}
        hint="A full https:// address, or empty for none."
      />
      <TextField
        {...f.text('vatNumber')}
        label="VAT number (optional)"
        autoComplete="off"
        maxLength={20}
        hint="Printed on till receipts and the Z report: GB and 9 digits, e.g. GB123456789. Empty if not VAT-registered."
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save name and contacts'}
      </button>
    </form>
  );
}
