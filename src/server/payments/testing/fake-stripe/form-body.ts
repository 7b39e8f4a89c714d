/**
 * Decodes the form bodies and query strings the stripe SDK sends (`metadata[bookingId]=x`,
 * `allowed_payment_method_types[0]=card`, `expand[0]=latest_charge`) into nested objects, as
 * Stripe's API does. Numeric keys become array items.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? Number(key === '' ? node.length : key) : key;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export function asString(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function asStringArray(v: FormValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function asStringRecord(v: FormValue | undefined): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
