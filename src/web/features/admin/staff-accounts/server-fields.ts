import { ApiError } from '../../../lib/api';

/** The server's per-field messages (a weak or common password, a taken username), first one per field. */
export function serverFieldErrors<V>(err: unknown): Partial<Record<keyof V, string>> | null {
  if (!(err instanceof ApiError) || !err.fields) return null;
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(err.fields)) if (messages[0]) found[field] = messages[0];
  return found as Partial<Record<keyof V, string>>;
}
