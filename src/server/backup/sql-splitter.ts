/**
 * Splits SQL text, fed in chunks of any size, into whole statements, so a restore can run a dump of any
 * size a statement (or a few MB of them) at a time instead of holding it as one string (V8 strings stop
 * near 512 MB). Knows what PostgreSQL's lexer knows about where a `;` does not end a statement: inside
 * '...' strings ('' escapes), E'...' strings (\ escapes too), "..." identifiers, $$...$$ and $tag$...$tag$
 * bodies, -- line comments and (nested) /* *\/ comments. Statements holding nothing but comments and
 * space are dropped. A chunk may end anywhere, even in the middle of `''` or `$tag$`: the splitter waits
 * for the next chunk whenever the next character decides.
 *
 * COPY ... FROM stdin data is not SQL and is not handled: pglite-tools' pgDump always dumps INSERTs.
 */
export class SqlSplitter {
  /** The statement being read, from its first character up to the end of what was fed. */
  private text = '';
  /** How far `text` is read. */
  private at = 0;
  private state: State = { kind: 'sql' };
  /** Whether `text` holds anything but space and comments. */
  private meaningful = false;

  /** Feeds the next chunk; returns the statements it completes, each with its `;`. */
  push(chunk: string): string[] {
    this.text += chunk;
    return this.scan(false);
  }

  /** The end of the input: returns the last statement if it had no `;`. Throws if it ends inside a quote. */
  end(): string[] {
    const out = this.scan(true);
    if (this.state.kind !== 'sql' && this.state.kind !== 'line-comment')
      throw new Error(`The SQL ends inside ${describe(this.state)}.`);
    if (this.meaningful) out.push(this.text.trim());
    this.text = '';
    this.at = 0;
    this.meaningful = false;
    return out;
  }

  private scan(final: boolean): string[] {
    const out: string[] = [];
    const s = this.text;
    let i = this.at;
    let start = 0; // where the current statement starts in s
    // The character after i, or null when it is not fed yet (and may still come).
    const peek = (k: number): string | null | undefined => (k < s.length ? s[k] : final ? undefined : null);
    scan: while (i < s.length) {
      const st = this.state;
      switch (st.kind) {
        case 'sql': {
          const c = s[i]!;
          if (c === ';') {
            if (this.meaningful) out.push(s.slice(start, i + 1).trim());
            this.meaningful = false;
            start = ++i;
          } else if (c === "'") {
            this.state = { kind: isEscapePrefix(s, start, i) ? 'e-string' : 'string' };
            this.meaningful = true;
            i++;
          } else if (c === '"') {
            this.state = { kind: 'ident' };
            this.meaningful = true;
            i++;
          } else if (c === '-' || c === '/') {
            const next = peek(i + 1);
            if (next === null) break scan;
            if (c === '-' && next === '-') {
              this.state = { kind: 'line-comment' };
              i += 2;
            } else if (c === '/' && next === '*') {
              this.state = { kind: 'block-comment', depth: 1 };
              i += 2;
            } else {
              this.meaningful = true;
              i++;
            }
          } else if (c === '$' && !isIdentChar(s, start, i - 1)) {
            // $tag$ opens a dollar quote; $1 and a lone $ do not.
            let j = i + 1;
            while (j < s.length && /[A-Za-z0-9_\u0080-\uffff]/.test(s[j]!) && !(j === i + 1 && /[0-9]/.test(s[j]!)))
              j++;
            if (j === s.length && !final) break scan;
            if (s[j] === '$') {
              this.state = { kind: 'dollar', tag: s.slice(i, j + 1) };
              i = j + 1;
            } else i++;
            this.meaningful = true;
          } else {
            if (!isSpace(c)) this.meaningful = true;
            i++;
          }
          break;
        }
        case 'string':
        case 'e-string': {
          const quote = s.indexOf("'", i);
          // In E'' a backslash escapes the next character, a quote included.
          const slash = st.kind === 'e-string' ? s.indexOf('\\', i) : -1;
          if (slash !== -1 && (quote === -1 || slash < quote)) {
            if (slash + 1 >= s.length && !final) {
              i = slash;
              break scan;
            }
            i = slash + 2;
          } else if (quote === -1) {
            i = s.length;
          } else {
            const next = peek(quote + 1);
            if (next === null) {
              i = quote;
              break scan;
            }
            if (next === "'") i = quote + 2;
            else {
              this.state = { kind: 'sql' };
              i = quote + 1;
            }
          }
          break;
        }
        case 'ident': {
          // "" inside an identifier reads as closing and opening again: the same for splitting.
          const quote = s.indexOf('"', i);
          if (quote === -1) i = s.length;
          else {
            this.state = { kind: 'sql' };
            i = quote + 1;
          }
          break;
        }
        case 'dollar': {
          const close = s.indexOf(st.tag, i);
          if (close === -1) {
            // The closing tag may have begun at the end of this chunk.
            i = Math.max(i, s.length - st.tag.length + 1);
            break scan;
          }
          this.state = { kind: 'sql' };
          i = close + st.tag.length;
          break;
        }
        case 'line-comment': {
          const nl = s.indexOf('\n', i);
          if (nl === -1) i = s.length;
          else {
            this.state = { kind: 'sql' };
            i = nl + 1;
          }
          break;
        }
        case 'block-comment': {
          // Comments nest in PostgreSQL. A `/` or `*` at the end of a chunk waits for the next one.
          const c = s[i]!;
          if (c !== '/' && c !== '*') {
            i++;
            break;
          }
          const next = peek(i + 1);
          if (next === null) break scan;
          if (c === '/' && next === '*') {
            st.depth++;
            i += 2;
          } else if (c === '*' && next === '/') {
            if (--st.depth === 0) this.state = { kind: 'sql' };
            i += 2;
          } else i++;
          break;
        }
      }
    }
    this.text = s.slice(start);
    this.at = i - start;
    return out;
  }
}

type State =
  | { kind: 'sql' }
  | { kind: 'string' }
  | { kind: 'e-string' }
  | { kind: 'ident' }
  | { kind: 'dollar'; tag: string }
  | { kind: 'line-comment' }
  | { kind: 'block-comment'; depth: number };

function describe(st: State): string {
  switch (st.kind) {
    case 'string':
    case 'e-string':
      return 'a quoted string';
    case 'ident':
      return 'a quoted identifier';
    case 'dollar':
      return `a ${st.tag} quote`;
    default:
      return 'a /* comment */';
  }
}

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

/** Whether s[k] (within the statement starting at `start`) can be part of a word: letters, digits, _ and $. */
function isIdentChar(s: string, start: number, k: number): boolean {
  return k >= start && /[A-Za-z0-9_$\u0080-\uffff]/.test(s[k]!);
}

/** Whether the quote at q opens an E'' string: right after an E or e that starts a word. */
function isEscapePrefix(s: string, start: number, q: number): boolean {
  return (s[q - 1] === 'E' || s[q - 1] === 'e') && q - 1 >= start && !isIdentChar(s, start, q - 2);
}
