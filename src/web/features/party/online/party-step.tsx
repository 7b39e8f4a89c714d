import { childAges } from '../../../../shared/party-options';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { BookingFieldRow, bookingErrorId, textControl } from './booking-controls';
import { allergenText, type PartyFoodOption, type PartyPackageOffer } from './party-booking-logic';
import type { PartyBookingForm } from './use-party-booking-form';

type Props = { form: PartyBookingForm; pkg: PartyPackageOffer | undefined; foodOptions: PartyFoodOption[] };

/**
 * Step 3: the birthday child, one food choice per child when the package has food (each option with the
 * allergens it contains, as the cafe menu names them), and dietary needs in the family's own words.
 */
export function PartyStep({ form, pkg, foodOptions }: Props) {
  const { values, errors } = form;
  const setFood = (i: number, id: string) =>
    form.setField(
      'foodChoices',
      values.foodChoices.map((c, j) => (j === i ? id : c)),
    );
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <BookingFieldRow form={form} field="childFirstName" label="Birthday child’s first name">
          <input {...textControl(form, 'childFirstName')} type="text" autoComplete="off" maxLength={40} />
        </BookingFieldRow>
        <BookingFieldRow form={form} field="childAge" label="Age they will be">
          <select {...textControl(form, 'childAge')}>
            <option value="">Choose an age</option>
            {childAges.map((a) => (
              <option key={a} value={a}>
                {a === '1' ? '1 year' : `${a} years`}
              </option>
            ))}
          </select>
        </BookingFieldRow>
      </div>

      {pkg?.food && values.foodChoices.length > 0 ? (
        <fieldset
          aria-describedby={errors.foodChoices ? bookingErrorId('foodChoices') : 'book-food-hint'}
          className="rounded-2xl border border-slate-200 p-4"
        >
          <legend className="px-1 font-semibold text-slate-900">Food for each child</legend>
          <p id="book-food-hint" className="text-sm text-slate-700">
            Every {pkg.name} party meal comes from our cafe. Choose one for each child; here is what each dish contains.
          </p>
          <ul
            className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-2"
            aria-label="Party menu allergens"
          >
            {foodOptions.map((o) => (
              <li key={o.id}>
                <span className="font-semibold text-slate-900">{o.name}</span>: {allergenText(o.allergens)}
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {values.foodChoices.map((choice, i) => (
              <div key={i}>
                <label htmlFor={`book-food-${i}`} className="block text-sm font-semibold text-slate-900">
                  Child {i + 1}
                </label>
                <select
                  id={`book-food-${i}`}
                  value={choice}
                  data-booking-field="foodChoices"
                  aria-invalid={errors.foodChoices && !choice ? true : undefined}
                  aria-describedby={errors.foodChoices && !choice ? bookingErrorId('foodChoices') : undefined}
                  onChange={(e) => setFood(i, e.target.value)}
                  className={`${textInput} mt-1`}
                >
                  <option value="">Choose a meal</option>
                  {foodOptions.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <FieldError id={bookingErrorId('foodChoices')} message={errors.foodChoices} />
        </fieldset>
      ) : null}

      <BookingFieldRow
        form={form}
        field="dietaryNotes"
        label="Dietary needs and allergies"
        hint="Any allergies, intolerances or diets of the children or adults coming: our cafe team reads every note."
        optional
      >
        <textarea {...textControl(form, 'dietaryNotes')} rows={3} maxLength={1000} />
      </BookingFieldRow>
    </div>
  );
}
