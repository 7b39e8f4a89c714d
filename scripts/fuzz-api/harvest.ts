/**
 * Real identifiers seen in earlier answers, for path parameters: a random uuid only ever reaches the 404
 * branch, a booking id from the booking list reaches the handler's real work. Which answer an id came from
 * is kept, and a path takes ids from the answers of its nearest paths (/api/admin/bookings/{id} from
 * /api/admin/bookings), as REST clients guess.
 */
type Seen = { source: string; key: string; value: string };

const MAX_SEEN = 2000;

export class Harvest {
  private readonly seen: Seen[] = [];

  /** Remembers every `id`, `…Id` and `code` string or number in a JSON answer to a request for `source`. */
  collect(source: string, body: unknown): void {
    const walk = (value: unknown, key: string) => {
      if (Array.isArray(value)) return value.slice(0, 20).forEach((v) => walk(v, key));
      if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, k);
        return;
      }
      if ((typeof value === 'string' || typeof value === 'number') && /^(id|code|.+Id)$/.test(key)) {
        const entry = { source, key, value: String(value) };
        if (!this.seen.some((s) => s.source === source && s.value === entry.value)) this.seen.push(entry);
        if (this.seen.length > MAX_SEEN) this.seen.shift();
      }
    };
    walk(body, '');
  }

  /** An id for parameter `name` of the path template `path`, the `n`th of the best candidates; none seen: undefined. */
  pick(path: string, name: string, n: number): string | undefined {
    const before = path.slice(0, path.indexOf(`{${name}}`));
    const wanted = name === 'id' ? /^id$/ : new RegExp(`^${name}$`, 'i');
    const candidates = this.seen.filter((s) => wanted.test(s.key));
    if (!candidates.length) return undefined;
    const score = (s: Seen) => commonPrefix(s.source, before);
    const best = Math.max(...candidates.map(score));
    const nearest = candidates.filter((s) => score(s) === best);
    return nearest[n % nearest.length]!.value;
  }
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
