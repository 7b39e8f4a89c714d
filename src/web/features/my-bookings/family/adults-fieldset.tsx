import { Plus, Trash2, UserRound } from 'lucide-react';
import { Card, secondaryButton } from '../../../components/ui/primitives';
import { emptyAdult, fieldId, MAX_ADULTS, type AdultDraft } from './family-form';
import { focusSoon, removeButton, TextField } from './profile-fields';

/** "Grown-ups": the adults who bring the children, each with a phone for the day; at least one stays. */
export function AdultsFieldset({
  adults,
  errors,
  onChange,
  onRemove,
  onAdd,
}: {
  adults: AdultDraft[];
  errors: Record<string, string>;
  /** A change to one grown-up, and the field whose message it clears. */
  onChange: (key: string, change: Partial<AdultDraft>, fieldId: string) => void;
  onRemove: (key: string) => void;
  onAdd: (adult: AdultDraft) => void;
}) {
  return (
    <Card>
      <fieldset>
        <legend className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <UserRound aria-hidden className="h-6 w-6 text-brand-700" />
          Grown-ups
        </legend>
        <p className="mt-1 text-slate-700">
          The adults who bring the children, with a phone number we can call on the day.
        </p>
        <ul className="mt-4 space-y-5">
          {adults.map((a, i) => {
            const nameId = fieldId('adult', a.key, 'name');
            const phoneId = fieldId('adult', a.key, 'phone');
            return (
              <li key={a.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <TextField
                  id={nameId}
                  label={`Grown-up ${i + 1}: name`}
                  value={a.name}
                  autoComplete={i === 0 ? 'name' : 'off'}
                  error={errors[nameId]}
                  onChange={(name) => onChange(a.key, { name }, nameId)}
                />
                <TextField
                  id={phoneId}
                  label={`Grown-up ${i + 1}: phone`}
                  type="tel"
                  value={a.phone}
                  autoComplete={i === 0 ? 'tel' : 'off'}
                  error={errors[phoneId]}
                  onChange={(phone) => onChange(a.key, { phone }, phoneId)}
                />
                {adults.length > 1 ? (
                  <button
                    type="button"
                    className={`${removeButton} sm:mt-7`}
                    aria-label={`Remove grown-up ${i + 1}${a.name.trim() ? ` (${a.name.trim()})` : ''}`}
                    onClick={() => {
                      onRemove(a.key);
                      focusSoon('add-adult');
                    }}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" />
                    Remove
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        {adults.length < MAX_ADULTS ? (
          <button
            id="add-adult"
            type="button"
            className={`${secondaryButton} mt-4`}
            onClick={() => {
              const adult = emptyAdult();
              onAdd(adult);
              focusSoon(fieldId('adult', adult.key, 'name'));
            }}
          >
            <Plus aria-hidden className="h-5 w-5" />
            Add a grown-up
          </button>
        ) : null}
      </fieldset>
    </Card>
  );
}
