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

/** The first message for each top-level field, in issue order. */
export function firstMessagePerField<V>(issues: readonly Issue[]): FieldErrors<V> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0] ?? '')] ??= issue.message;
  return found as FieldErrors<V>;
}

export type CheckOptions<V> = {
  /** What the schema parses; the form's values unless given. */
  input?: (values: V) => unknown;
  /** Rules the schema cannot know (say, the session a chosen date needs): a message per field it passed. */
  also?: (values: V) => FieldErrors<V>;
};

export type CheckResult<Out, V> = { ok: true; data: Out } | { ok: false; errors: FieldErrors<V> };

export type ZodFormOptions<V> = {
  /**
   * What a change does to its field's message: by default it stays until the next submit; 'clear' removes
   * it; 'recheck' checks the field again against the schema, once the form has been submitted.
   */
  afterChange?: 'clear' | 'recheck';
  /** After a failed submit, the first of these fields with a message is given to `focus`. */
  order?: readonly (keyof V)[];
  focus?: (field: keyof V) => void;
};

export function useZodForm<V extends object>(initial: V, options: ZodFormOptions<V> = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  // The values as of the last change (two changes in one event both count before React re-renders)
  // and, once the form has been submitted, how to check values again.
  const form = useRef<{ values: V; recheck?: (v: V) => FieldErrors<V> }>({ values }).current;

  /** Shows these messages and focuses the first field (in `order`) that has one. */
  const show = (found: FieldErrors<V>) => {
    setErrors(found);
    const first = options.order?.find((f) => found[f]);
    if (first !== undefined) options.focus?.(first);
  };

  const run = <S extends z.ZodType>(schema: S, how: CheckOptions<V>, v: V) => {
    const parsed = schema.safeParse(how.input ? how.input(v) : v);
    const found: Record<string, string | undefined> = parsed.success ? {} : firstMessagePerField(parsed.error.issues);
    const extra: Record<string, string | undefined> = how.also?.(v) ?? {};
    for (const f in extra) if (extra[f]) found[f] ??= extra[f];
    return { parsed, found: found as FieldErrors<V> };
  };

  return {
    values,
    errors,
    show,
    setErrors,

    /** Changes one field; `recheck` false leaves its message as it is. */
    set<K extends keyof V>(field: K, value: V[K], recheck = true) {
      setValues((form.values = { ...form.values, [field]: value }));
      const again = options.afterChange === 'recheck' ? recheck && form.recheck : undefined;
      if (options.afterChange === 'clear' || again) {
        const message = again ? again(form.values)[field] : undefined;
        setErrors((e) => (e[field] === message ? e : { ...e, [field]: message }));
      }
    },

    /** Checks the current values: the parsed data, or the messages now shown. */
    check<S extends z.ZodType>(schema: S, how: CheckOptions<V> = {}): CheckResult<z.output<S>, V> {
      form.recheck = (v) => run(schema, how, v).found;
      const { parsed, found } = run(schema, how, form.values);
      if (parsed.success && Object.keys(found).length === 0) {
        setErrors({});
        return { ok: true, data: parsed.data };
      }
      show(found);
      return { ok: false, errors: found };
    },

    /** Back to the first values, with no messages. */
    reset() {
      setValues((form.values = initial));
      setErrors({});
      form.recheck = undefined;
    },
  };
}
