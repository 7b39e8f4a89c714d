import type { ApiErrorBody, ErrorCode } from '../../shared/contracts/errors';

/**
 * What a failed request is known by: a catalogue code from our server, or `http_error` when the answer was not
 * our JSON (a proxy's error page), which our server never sends.
 */
export type ApiErrorCode = ErrorCode | 'http_error';

/** A non-OK answer from our API; `message` is the server's human message, `code` its stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** What a 409 says the server has now (a stale edit's values, a move's price difference). */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
  /** 'no-cache' asks the server again even when its answer may be cached (a list that just changed). */
  cache?: RequestCache,
): Promise<T> {
  const res = await fetch(url, {
    method,
    cache,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let parsed: ApiErrorBody | null = null;
    try {
      parsed = JSON.parse(text) as ApiErrorBody;
    } catch {
      /* not JSON: fall through to the status text */
    }
    const message = parsed?.error?.message ?? (text || res.statusText);
    throw new ApiError(
      res.status,
      parsed?.error?.code ?? 'http_error',
      message,
      parsed?.error?.fields,
      parsed?.error?.current,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string, headers?: Record<string, string>) =>
  apiRequest<T>('GET', url, undefined, headers);
export const apiPost = <T>(url: string, body: unknown) => apiRequest<T>('POST', url, body);
