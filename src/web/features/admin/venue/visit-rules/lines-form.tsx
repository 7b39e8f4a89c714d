import type { FormEvent, ReactNode } from 'react';
import { visitRulesEditSchema } from '../../../../../shared/contracts/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { RowsField } from '../rows-field';
import { useEditForm } from '../use-edit-form';
import { useSaveVisitRules } from './save-visit-rules';

type ListKey = 'visitTerms' | 'whatToBring';

const MAX_LINE = 300;
const MAX_LINES = 20;

/**
 * A list families read one line at a time (the house rules, what to bring): a row per line, blank rows
 * left out when saved. A line too long is named by its number, as the server's message would be.
 */
export function LinesForm({
  part,
  label,
  legend,
  lineLabel,
  hint,
  saved,
  value,
  version,
  onStale,
  onSaved,
  children,
}: {
  part: ListKey;
  /** The form's name, the toast's subject and the save button's object ("House rules"). */
  label: string;
  /** The rows' legend, under the card's heading (which is `label`). */
  legend: string;
  lineLabel: string;
  hint: string;
  saved: (n: number) => string;
  value: string[];
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
  /** Shown under the rows: what else families read with the list. */
  children?: ReactNode;
}) {
  const f = useEditForm({ [part]: value.map((text) => ({ text })) } as Record<ListKey, { text: string }[]>);
  const save = useSaveVisitRules();
  const rows = f.values[part];
  const schema = visitRulesEditSchema.pick({ [part]: true } as { visitTerms: true } | { whatToBring: true });

  function submit(e: FormEvent) {
    e.preventDefault();
    // One line each: a line break typed in a box is a space, as the pages show it.
    const lines = (v: typeof f.values) => v[part].map((r) => r.text.replace(/\s+/g, ' ').trim()).filter(Boolean);
    const parsed = f.check(schema, {
      input: (v) => ({ [part]: lines(v) }),
      also: (v) => {
        const long = lines(v).findIndex((l) => l.length > MAX_LINE);
        return long >= 0 ? { [part]: `Line ${long + 1} is longer than ${MAX_LINE} characters` } : {};
      },
    });
    if (!parsed.ok) return;
    const sent = lines(f.values);
    save.mutate(
      { version, [part]: sent },
      {
        onSuccess: () => {
          onSaved();
          toast({ title: `${label} saved`, description: saved(sent.length) });
        },
        onError: (err) => reportEditError(err, { what: label, keys: f.keys, show: f.show, onStale }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <RowsField
        id={f.fieldId(part)}
        legend={legend}
        hint={hint}
        columns={[{ key: 'text', label: lineLabel, multiline: true }]}
        rows={rows}
        onChange={(next) => f.set(part, next)}
        error={f.errors[part]}
        max={MAX_LINES}
      />
      {children}
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : `Save ${label.toLowerCase()}`}
      </button>
    </form>
  );
}
