import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';

/** The server's message for one field when it named one (a 400 with fields), else its message overall. */
export function fieldProblem(err: unknown, field: string): { field?: string; general?: string } {
  const named = err instanceof ApiError ? err.fields?.[field]?.[0] : undefined;
  return named ? { field: named } : { general: problemText(err) };
}
