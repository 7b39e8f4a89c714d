import { useState, type FormEvent } from 'react';
import { HOLIDAYS_FILE_MAX_BYTES } from '../../../../../shared/contracts/day-types';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { isStale } from '../catalogue-api';
import { FileField } from './file-field';
import { reportEditError } from '../edit-errors';
import { holidaysText } from './day-types-draft';
import { useUploadTermDates } from './save-day-types';

/**
 * The council's term dates as an iCalendar file (.ics): the server reads its holidays (half terms, INSET days,
 * the holidays between terms) and replaces the school holidays with them. A file it cannot read is refused with
 * the line it stopped at, shown here, and nothing changes.
 */
export function TermDatesUpload({
  version,
  onStale,
  onSaved,
}: {
  version: number;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadTermDates();
  const id = 'term-dates-file';

  function submit(e: FormEvent) {
    e.preventDefault();
    const message = !file
      ? 'Please choose the term dates file (.ics)'
      : file.size > HOLIDAYS_FILE_MAX_BYTES
        ? 'That file is larger than 1 MB: a term dates file is a few KB.'
        : undefined;
    if (message || !file) {
      setError(message);
      document.getElementById(id)?.focus();
      return;
    }
    upload.mutate(
      { version, file },
      {
        onSuccess: (res) => {
          onSaved();
          setError(undefined);
          const periods = (res as AdminCatalogue | null)?.holidays.value.schoolHolidays ?? [];
          toast({ title: 'Term dates uploaded', description: holidaysText(periods) });
        },
        onError: (err) => {
          // The server's message names the line of the file it could not read.
          if (!isStale(err)) setError(err instanceof Error ? err.message : 'The file could not be uploaded.');
          reportEditError(err, { what: 'Term dates', keys: [], show: () => undefined, onStale });
          document.getElementById(id)?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Upload term dates" className="space-y-3">
      <FileField
        id={id}
        label="Upload term dates (.ics)"
        hint="The council's school term dates calendar file. Its holidays (half terms, INSET days, the holidays between terms) replace the list below."
        accept=".ics,text/calendar"
        error={error}
        onFile={(f) => {
          setFile(f);
          setError(undefined);
        }}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload term dates'}
      </button>
    </form>
  );
}
