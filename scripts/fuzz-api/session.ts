import type { FuzzRequest } from './requests';
import type { Answer } from './validate';

/**
 * An HTTP client with a cookie jar, the way a browser calls the API: what a sign-in operation sets is
 * sent with every later request, and an expired or emptied cookie is dropped.
 */
export class Client {
  private readonly cookies = new Map<string, string>();

  /** `clientAddress`: sent as X-Forwarded-For, which a server behind a trusted proxy takes as the caller. */
  constructor(
    private readonly baseUrl: string,
    public clientAddress?: string,
  ) {}

  get signedIn(): boolean {
    return this.cookies.size > 0;
  }

  async send(request: FuzzRequest): Promise<Answer> {
    const url = new URL(this.baseUrl);
    // Set on the URL as written: new URL() would normalise a garbage path (../) before it is sent.
    const search = new URLSearchParams(request.query).toString();
    const headers: Record<string, string> = { ...request.headers, accept: 'application/json, */*;q=0.5' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.clientAddress) headers['x-forwarded-for'] = this.clientAddress;
    const res = await fetch(`${url.origin}${request.path}${search ? `?${search}` : ''}`, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of res.headers.getSetCookie()) this.store(line);
    const contentType = res.headers.get('content-type');
    // A live stream (Server-Sent Events) never ends: its status and type are the answer, the body is let go.
    if (contentType?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, contentType, body: '' };
    }
    return { status: res.status, contentType, body: await res.text() };
  }

  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired = attributes.some((a) => {
      const [k = '', v = ''] = a.split('=');
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** A JSON request with no generated parts: the sign-in steps. */
export function plainRequest(method: string, path: string, body?: unknown): FuzzRequest {
  return {
    kind: 'sign-in step',
    method,
    path,
    query: [],
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** Staff sign-in through the documented operation; throws with the answer when it is refused. */
export async function signInStaff(client: Client, path: string, username: string, password: string): Promise<void> {
  const answer = await client.send(plainRequest('POST', path, { username, password }));
  if (answer.status !== 200) throw new Error(`staff sign-in answered ${answer.status}: ${answer.body.slice(0, 300)}`);
}

/**
 * Family sign-in as a family does it: ask for a code for an address through the documented operation,
 * read it in the mail (`codeFor`, our own mailbox), confirm it. Returns why not when a step fails.
 */
export async function signInFamily(
  client: Client,
  paths: { code: string; confirm: string },
  email: string,
  codeFor: (email: string) => Promise<string | null>,
): Promise<string | null> {
  const asked = await client.send(plainRequest('POST', paths.code, { email }));
  if (asked.status >= 300) return `${paths.code} answered ${asked.status}`;
  const code = await codeFor(email);
  if (!code) return `no code mail for ${email}`;
  const confirmed = await client.send(plainRequest('POST', paths.confirm, { email, code }));
  return confirmed.status === 200
    ? null
    : `${paths.confirm} answered ${confirmed.status}: ${confirmed.body.slice(0, 200)}`;
}
