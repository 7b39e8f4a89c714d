import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { textInput } from '../../../../components/ui/primitives';
import { smallSecondary } from '../../components/panel-parts';

/**
 * A scanned member card or gift voucher code (a scanner types it and presses Enter): up to three on a
 * sale. The server prices them: a member card covers children's entry, a voucher pays part or all.
 */
export function CodesField({
  codes,
  onAdd,
  onRemove,
}: {
  codes: string[];
  onAdd: (code: string) => void;
  onRemove: (code: string) => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  function add(e: FormEvent) {
    e.preventDefault();
    const code = text.trim();
    if (code.length < 4) return setProblem('A code has at least 4 characters');
    onAdd(code);
    setText('');
    setProblem('');
  }
  return (
    <form onSubmit={add} noValidate className="space-y-2">
      <label htmlFor="till-code" className="block font-semibold text-slate-900">
        Member card or gift voucher
      </label>
      <div className="flex gap-2">
        <input
          id="till-code"
          className={textInput}
          value={text}
          autoComplete="off"
          maxLength={200}
          disabled={codes.length >= 3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'till-code-err' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={`${smallSecondary} min-h-12 whitespace-nowrap`} disabled={codes.length >= 3}>
          Add<span className="sr-only"> code</span>
        </button>
      </div>
      {problem ? (
        <p id="till-code-err" className="text-sm font-medium text-berry-700">
          {problem}
        </p>
      ) : null}
      {codes.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Codes on this sale">
          {codes.map((c) => (
            <li key={c}>
              <button type="button" className={smallSecondary} onClick={() => onRemove(c)}>
                {c}
                <X aria-hidden className="h-4 w-4" />
                <span className="sr-only">Remove code {c}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
