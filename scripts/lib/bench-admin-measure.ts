/** Latency of one endpoint for `npm run bench:admin`: whole responses (body read to the end), timed per request. */

export type Endpoint = { name: string; request: { path: string; method?: 'GET' | 'POST'; body?: unknown } };
export type Figures = { p50: number; p95: number; errors: number; firstError?: string };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * `requests` requests in all, shared by `clients` clients each sending its next request when its last
 * answer has been read. Two warm-up requests first (plans cached, connections open).
 */
export async function measureEndpoint(
  baseUrl: string,
  cookie: string,
  e: Endpoint,
  opts: { clients: number; requests: number },
): Promise<Figures> {
  const { path, method = 'GET', body } = e.request;
  const init: RequestInit = {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const once = async (record: boolean) => {
    const t = performance.now();
    try {
      const res = await fetch(baseUrl + path, init);
      await res.arrayBuffer();
      if (!res.ok) {
        errors++;
        firstError ??= `HTTP ${res.status}`;
      }
    } catch (err) {
      errors++;
      firstError ??= String(err);
    }
    if (record) times.push(performance.now() - t);
  };
  await once(false);
  await once(false);
  errors = 0;
  firstError = undefined;
  let left = opts.requests;
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (left > 0) {
        left--;
        await once(true);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), errors, firstError };
}
