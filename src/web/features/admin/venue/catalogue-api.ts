import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminCatalogue } from '../../../../shared/catalogue';
import type { ApiErrorBody } from '../../../../shared/contracts/errors';
import { ApiError, apiGet } from '../../../lib/api';
import { useSignInAgainOn } from '../api/staff-query';

export const adminCatalogueKey = ['admin', 'catalogue'] as const;
export const catalogueUrl = '/api/admin/catalogue';

/**
 * The whole catalogue with the versions edits send back. Not polled: an editor's form starts from what
 * was loaded and is reloaded after each save, or after a 409 says someone else saved first.
 */
export function useAdminCatalogue() {
  return useQuery({ queryKey: adminCatalogueKey, queryFn: () => apiGet<AdminCatalogue>(catalogueUrl) });
}

/** An ApiError that also carries `error.current`: what a 409 stale_version says the record is now. */
export class CatalogueApiError extends ApiError {
  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    fields: Record<string, string[]> | undefined,
    readonly current: unknown,
  ) {
    super(status, code, message, fields);
  }
}

export const isStale = (err: unknown): err is CatalogueApiError =>
  err instanceof CatalogueApiError && err.code === 'stale_version';

/** lib/api speaks GET/POST/DELETE with JSON; the editors also PATCH and upload a photo. */
export async function catalogueRequest<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${catalogueUrl}${path}`, {
    method,
    credentials: 'include',
    // The browser sets multipart's content-type itself, with the boundary.
    headers: form ? undefined : { 'content-type': 'application/json' },
    body: form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.ok) return (text ? JSON.parse(text) : null) as T;
  let parsed: ApiErrorBody | null = null;
  try {
    parsed = JSON.parse(text) as ApiErrorBody;
  } catch {
    /* not our JSON (a proxy's page): the status text below */
  }
  const e = parsed?.error;
  throw new CatalogueApiError(
    res.status,
    e?.code ?? 'http_error',
    e?.message ?? (res.status === 413 ? 'The file is too large.' : text || res.statusText),
    e?.fields,
    e?.current,
  );
}

export const idPath = (kind: string, id: string, rest = '') => `/${kind}/${encodeURIComponent(id)}${rest}`;

/**
 * One catalogue edit. Whatever the answer (a 409 included), the catalogue is asked for again, so every
 * form starts from the current version; `alsoInvalidate` names other lists the edit changes.
 */
export function useCatalogueEdit<I, O = unknown>(call: (input: I) => Promise<O>, alsoInvalidate: QueryKey[] = []) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: call,
    // Not awaited: a form keyed by the version it edits is replaced when the new catalogue arrives, and
    // the caller's onSuccess/onError (its toast, its field messages) must run before that.
    onSettled: () => {
      for (const queryKey of [adminCatalogueKey, ...alsoInvalidate]) void qc.invalidateQueries({ queryKey });
    },
  });
  useSignInAgainOn(m.error);
  return m;
}
