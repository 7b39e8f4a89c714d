import { FieldError } from '../../../../components/ui/primitives';
import { labelClass } from '../../components/fields';

/** A labelled file input with its hint and the server's error under it: the term dates and bank holidays uploads. */
export function FileField(props: {
  id: string;
  label: string;
  hint: string;
  accept: string;
  error: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const { id, label, hint, accept, error, onFile } = props;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
        className="block w-full min-w-0 text-slate-900 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}
