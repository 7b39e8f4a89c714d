import { useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * The one form idiom of the web app: values in state, checked on submit with the shared zod schema the
 * server parses the body with (docs/decisions/002), showing the FIRST message per field. A few lines
 * instead of a form library, so a public page's script stays small; zod is imported for its types only,
 * so a form may load its schema (and zod with it) lazily.
 */

export type FieldErrors<V> = Partial<Record<keyof V, string>>;
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message for each top-level field, in issue order; `word` may reword it for its field. */
export function firstMessagePerField<V>(
  issues: readonly Issue[],
  word?: (field: keyof V, message: string) => string,
): FieldErrors<V> {
  const found: FieldErrors<V> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof V;
    found[field] ??= word ? word(field, issue.message) : issue.message;
  }
  return found;
}

export type CheckOptions<V> = {
  /** What the schema parses; the form's values unless given. */
  input?: (values: V) => unknown;
  /** Rules the schema cannot know (say, the session a chosen date needs): a message per field it passed. */
  also?: (values: V) => FieldErrors<V>;
  /** Rewords a schema message for the field it is shown beside. */
  word?: (field: keyof V, message: string) => string;
};

export type CheckResult<Out, V> = { ok: true; data: Out } | { ok: false; errors: FieldErrors<V> };

export type ZodFormOptions<V> = {
  /**
   * What a change does to its field's message: 'keep' it until the next submit (the default), 'clear' it,
   * or 'recheck' the field against the schema once the form has been submitted.
   */
  afterChange?: 'keep' | 'clear' | 'recheck';
  /** After a failed submit, the first of these fields with a message is given to `focus`. */
  order?: readonly (keyof V)[];
  focus?: (field: keyof V) => void;
};

export function useZodForm<V extends object>(initial: V, options: ZodFormOptions<V> = {}) {
  const [values, setValuesState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  // The values as of the last change, so two changes in one event both count before React re-renders.
  const latest = useRef(values);
  // Set by the first submit: how to check values again ('recheck').
  const recheck = useRef<((v: V) => FieldErrors<V>) | null>(null);

  const setValues = (next: V) => {
    latest.current = next;
    setValuesState(next);
  };

  /** Changes one field; `{ recheck: false }` leaves its message as it is. */
  function set<K extends keyof V>(field: K, value: V[K], how: { recheck?: boolean } = {}) {
    const next = { ...latest.current, [field]: value };
    setValues(next);
    if (options.afterChange === 'clear') setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    else if (options.afterChange === 'recheck' && how.recheck !== false && recheck.current) {
      const message = recheck.current(next)[field];
      setErrors((e) => (e[field] === message ? e : { ...e, [field]: message }));
    }
  }

  /** Shows these messages and focuses the first field (in `order`) that has one. */
  function show(found: FieldErrors<V>) {
    setErrors(found);
    const first = options.order?.find((f) => found[f]);
    if (first !== undefined) options.focus?.(first);
  }

  function run<S extends z.ZodType>(schema: S, v: V, how: CheckOptions<V>) {
    const parsed = schema.safeParse(how.input ? how.input(v) : v);
    const found: FieldErrors<V> = parsed.success ? {} : firstMessagePerField<V>(parsed.error.issues, how.word);
    for (const [field, message] of Object.entries(how.also?.(v) ?? {}) as [keyof V, string | undefined][])
      if (message) found[field] ??= message;
    return { parsed, found };
  }

  /** Checks the current values: the parsed data, or the messages now shown. */
  function check<S extends z.ZodType>(schema: S, how: CheckOptions<V> = {}): CheckResult<z.output<S>, V> {
    recheck.current = (v) => run(schema, v, how).found;
    const { parsed, found } = run(schema, latest.current, how);
    if (parsed.success && Object.keys(found).length === 0) {
      setErrors({});
      return { ok: true, data: parsed.data };
    }
    show(found);
    return { ok: false, errors: found };
  }

  /** Back to the first values (or these), with no messages. */
  function reset(next: V = initial) {
    setValues(next);
    setErrors({});
    recheck.current = null;
  }

  return { values, errors, set, setValues, check, show, setErrors, reset };
}
