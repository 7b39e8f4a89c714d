import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { isStale } from './catalogue-api';

type Show<V> = (errors: Partial<Record<keyof V, string>>) => void;

/**
 * The server's per-field messages keyed by this form's fields: a path such as "address.line1" or
 * "packages.2.name" goes to the last of its parts the form has ("line1", "name"); "days.0.hours" to "days".
 */
export function serverFieldsFor<V>(err: unknown, keys: readonly (keyof V)[]): Partial<Record<keyof V, string>> | null {
  if (!(err instanceof ApiError) || !err.fields) return null;
  const found: Partial<Record<keyof V, string>> = {};
  for (const [path, messages] of Object.entries(err.fields)) {
    const key = path
      .split('.')
      .reverse()
      .find((part) => keys.includes(part as keyof V)) as keyof V | undefined;
    if (key !== undefined && messages[0]) found[key] ??= messages[0];
  }
  return Object.keys(found).length ? found : null;
}

/** Every editor's failure: a stale copy (the alert, the reload), field messages, and a toast saying so. */
export function reportEditError<V>(
  err: unknown,
  how: { what: string; keys: readonly (keyof V)[]; show: Show<V>; onStale?: (current: unknown) => void },
): void {
  if (isStale(err) && how.onStale) {
    how.onStale(err.current);
    toast({
      title: `${how.what} not saved`,
      description: 'Someone else changed this while you were editing.',
      variant: 'destructive',
    });
    return;
  }
  const fields = serverFieldsFor<V>(err, how.keys);
  if (fields) how.show(fields);
  const message = err instanceof Error ? err.message : 'Please try again.';
  toast({ title: `${how.what} not saved`, description: message, variant: 'destructive' });
}
