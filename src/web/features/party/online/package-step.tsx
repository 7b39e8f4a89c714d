import { Check, Clock, UsersRound } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import { BookingFieldRow, RadioCards, textControl } from './booking-controls';
import { childCounts, type PartyPackageOffer } from './party-booking-logic';
import type { PartyBookingForm } from './use-party-booking-form';

type Props = {
  form: PartyBookingForm;
  /** The packages the chosen slot still allows. */
  offers: PartyPackageOffer[];
  onPackage: (id: string) => void;
};

const priceText = (o: PartyPackageOffer) =>
  o.perChild
    ? `${formatPence(o.pricePence, { whole: true })} per child`
    : `${formatPence(o.pricePence, { whole: true })} flat fee`;

/** Step 2: the packages the slot allows (bounds, what is included, price), then how many children. */
export function PackageStep({ form, offers, onPackage }: Props) {
  const pkg = offers.find((o) => o.id === form.values.packageId);
  return (
    <div className="grid gap-5">
      <div>
        <p id="book-package-label" className="font-semibold text-slate-900">
          Packages for this time
        </p>
        <div className="mt-1">
          <RadioCards
            form={form}
            field="packageId"
            labelledBy="book-package-label"
            onPick={onPackage}
            className="grid gap-3 md:grid-cols-2"
            choices={offers.map((o) => ({
              value: o.id,
              title: o.name,
              detail: <span className="font-semibold text-brand-800">{priceText(o)}</span>,
              body: (
                <span className="mt-1 block text-sm text-slate-800">
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden className="h-4 w-4 text-slate-600" />
                      {o.hours}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <UsersRound aria-hidden className="h-4 w-4 text-slate-600" />
                      {o.minChildren} to {o.maxChildren} children
                    </span>
                  </span>
                  <span className="mt-1 block">
                    {o.includes.map((item) => (
                      <span key={item} className="flex items-start gap-1">
                        <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                        {item}
                      </span>
                    ))}
                  </span>
                </span>
              ),
            }))}
          />
        </div>
      </div>
      {pkg ? (
        <BookingFieldRow
          form={form}
          field="children"
          label="How many children?"
          hint={`${pkg.name} parties are for ${pkg.minChildren} to ${pkg.maxChildren} children. For more, send us an enquiry.`}
        >
          <select
            {...textControl(form, 'children')}
            className={`${textControl(form, 'children').className} sm:max-w-xs`}
          >
            <option value="">Choose a number</option>
            {childCounts(pkg).map((n) => (
              <option key={n} value={n}>
                {n} children
              </option>
            ))}
          </select>
        </BookingFieldRow>
      ) : null}
    </div>
  );
}
