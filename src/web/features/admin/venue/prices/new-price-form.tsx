import type { FormEvent } from 'react';
import type { BandPrice } from '../../../../../shared/catalogue';
import type { DayBand } from '../../../../../shared/day-types';
import { ticketTypePriceSchema } from '../../../../../shared/contracts/catalogue';
import { longDate } from '../../../../../shared/date-text';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { catalogueRequest, idPath, useCatalogueEdit } from '../catalogue-api';
import { reportEditError } from '../edit-errors';
import { MoneyField, TextField } from '../../components/fields';
import { penceOr0, penceToPounds, poundsErrors } from '../money';
import type { Stale } from '../stale-alert';
import { useEditForm } from '../use-edit-form';
import { startingPrice } from './band-history';

type Input = { bandId?: string; fromDate: string; pricePence: number; feePence: number; version: number };

/**
 * "New price from [date]" for one band of days, or every band (`bandId` EVERY_BAND): visits from that date
 * on, on days of that band, cost this; sold bookings keep their price.
 */
export function NewPriceForm({
  typeId,
  title,
  version,
  prices,
  bands,
  bandId,
  today,
  stale,
}: {
  typeId: string;
  title: string;
  version: number;
  prices: BandPrice[];
  bands: DayBand[];
  bandId: string;
  today: string;
  stale: Stale;
}) {
  const now = startingPrice(prices, bands, bandId, today);
  const band = bands.find((b) => b.id === bandId);
  const f = useEditForm({
    fromDate: today,
    pricePence: now ? penceToPounds(now.pricePence) : '',
    feePence: now ? penceToPounds(now.feePence) : '0.00',
  });
  const save = useCatalogueEdit((input: Input) =>
    catalogueRequest('POST', idPath('ticket-types', typeId, '/prices'), input),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const fee = (v: typeof f.values) => (v.feePence.trim() === '' ? '0' : v.feePence);
    const parsed = f.check(ticketTypePriceSchema, {
      input: (v) => ({
        ...(band ? { bandId: band.id } : {}),
        fromDate: v.fromDate,
        pricePence: penceOr0(v.pricePence),
        feePence: penceOr0(fee(v)),
        version,
      }),
      also: (v) => ({
        ...poundsErrors({ pricePence: v.pricePence, feePence: fee(v) }, ['pricePence', 'feePence']),
        fromDate: v.fromDate && v.fromDate < today ? 'The new price must start today or later' : undefined,
      }),
    });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        stale.clear();
        toast({
          title: 'Price saved',
          description: `${title}: ${formatPence(parsed.data.pricePence)} for visits ${band ? `on ${band.name} days ` : ''}from ${longDate(parsed.data.fromDate)}.`,
        });
      },
      onError: (err) => reportEditError(err, { what: 'Price', keys: f.keys, show: f.show, onStale: stale.onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`New price for ${title}`} className="mt-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField {...f.text('fromDate')} label="New price from" type="date" min={today} />
        <MoneyField {...f.text('pricePence')} label="Price (£)" />
        <MoneyField {...f.text('feePence')} label="Booking fee (£)" />
      </div>
      <button type="submit" className={`${smallPrimary} mt-3 min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save new price'}
        <span className="sr-only"> for {title}</span>
      </button>
    </form>
  );
}
