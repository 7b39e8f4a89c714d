import { Plus, Users } from 'lucide-react';
import { Card, secondaryButton } from '../../../components/ui/primitives';
import { emptyChild, fieldId, MAX_CHILDREN, type ChildDraft } from './family-form';
import { ChildRow, focusSoon } from './profile-fields';

/** "Children": each child once (name, date of birth, notes for staff), up to the profile's room. */
export function ChildrenFieldset({
  children,
  today,
  errors,
  onChange,
  onRemove,
  onAdd,
}: {
  children: ChildDraft[];
  today: string;
  errors: Record<string, string>;
  onChange: (key: string, change: Partial<ChildDraft>) => void;
  onRemove: (key: string) => void;
  onAdd: (child: ChildDraft) => void;
}) {
  return (
    <Card>
      <fieldset>
        <legend className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Users aria-hidden className="h-6 w-6 text-brand-700" />
          Children
        </legend>
        <p className="mt-1 text-slate-700">
          Only you, and our staff on the day of your visit, see their dates of birth and notes.
        </p>
        {children.length ? (
          <ul className="mt-4 space-y-4">
            {children.map((c, i) => (
              <ChildRow
                key={c.key}
                child={c}
                index={i}
                today={today}
                errors={errors}
                onChange={(change) => onChange(c.key, change)}
                onRemove={() => {
                  onRemove(c.key);
                  focusSoon('add-child');
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl bg-brand-50 p-4 text-slate-800">
            No children yet. Add each child once, and booking a visit is quicker every time.
          </p>
        )}
        {children.length < MAX_CHILDREN ? (
          <button
            id="add-child"
            type="button"
            className={`${secondaryButton} mt-4`}
            onClick={() => {
              const child = emptyChild();
              onAdd(child);
              focusSoon(fieldId('child', child.key, 'firstName'));
            }}
          >
            <Plus aria-hidden className="h-5 w-5" />
            Add a child
          </button>
        ) : (
          <p className="mt-4 text-slate-700">A profile has room for {MAX_CHILDREN} children.</p>
        )}
      </fieldset>
    </Card>
  );
}
