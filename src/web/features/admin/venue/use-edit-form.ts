import { useId } from 'react';
import { useZodForm } from '../../../lib/use-zod-form';

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * useZodForm (docs/decisions/012) as every editor uses it: a message clears when its field changes, a
 * failed save focuses the first field with a message (each field's id is `${id}-${name}`), and `text(name)`
 * gives a text field its id, value, change handler and message.
 */
export function useEditForm<V extends object>(initial: V) {
  const id = useId();
  const keys = Object.keys(initial) as (keyof V & string)[];
  const form = useZodForm<V>(initial, {
    afterChange: 'clear',
    order: keys,
    focus: (field) => document.getElementById(`${id}-${String(field)}`)?.focus(),
  });
  const fieldId = (name: keyof V & string) => `${id}-${name}`;
  const text = <K extends StringKeys<V>>(name: K) => ({
    id: fieldId(name),
    value: form.values[name] as string,
    onChange: (v: string) => form.set(name, v as V[K]),
    error: form.errors[name],
  });
  return { ...form, id, keys, fieldId, text };
}
