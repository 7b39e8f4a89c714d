import { formatPence } from '../../../../shared/money';
import { longDate } from '../../../../shared/date-text';

/**
 * What a 409 says a record is now, shown read-only and generically (a price list, a menu item, the venue
 * document): every value as text, never as HTML.
 */

const hidden = new Set(['id', 'version', 'sort', 'colour', 'isChild', 'weekdayMorningOnly', 'photo']);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "perChildPence" -> "Per child", "fromDate" -> "From date". */
export function keyLabel(key: string): string {
  const words = key
    .replace(/Pence$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function leaf(key: string, v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number' && key.endsWith('Pence') && Number.isInteger(v)) return formatPence(v);
  if (isDate(v)) return longDate(v);
  if (v === '') return '(empty)';
  return String(v);
}

/** A dated price row reads as one line. */
function priceLine(p: Record<string, unknown>): string | null {
  if (!isDate(p.fromDate) || typeof p.pricePence !== 'number') return null;
  const fee = typeof p.feePence === 'number' && p.feePence > 0 ? ` + ${formatPence(p.feePence)} fee` : '';
  return `From ${longDate(p.fromDate)}: ${formatPence(p.pricePence)}${fee}`;
}

function Value({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <>(none)</>;
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) return <>{value.map((v) => leaf(name, v)).join(', ')}</>;
    return (
      <ul className="list-disc space-y-1 pl-5">
        {value.map((v, i) => (
          <li key={i}>{isRecord(v) ? (priceLine(v) ?? <Fields value={v} depth={depth + 1} />) : leaf(name, v)}</li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) return depth > 2 ? <>{JSON.stringify(value)}</> : <Fields value={value} depth={depth + 1} />;
  return <>{leaf(name, value)}</>;
}

function Fields({ value, depth }: { value: Record<string, unknown>; depth: number }) {
  const entries = Object.entries(value).filter(([k]) => !hidden.has(k));
  return (
    <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,12rem)_1fr]">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{keyLabel(k)}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line">
            <Value name={k} value={v} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CurrentValues({ value }: { value: unknown }) {
  // A document answers { value, version }: its value is what staff recognise.
  const shown = isRecord(value) && 'value' in value && 'version' in value ? value.value : value;
  if (shown === null || shown === undefined) return <p>It no longer exists.</p>;
  if (!isRecord(shown)) return <Value name="" value={shown} depth={0} />;
  return <Fields value={shown} depth={0} />;
}
