import { useState, type FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { govUkBankHolidaysSchema } from '../../../../../shared/contracts/day-types';
import { longDate } from '../../../../../shared/date-text';
import type { BankHoliday } from '../../../../../shared/day-types';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { isStale } from '../catalogue-api';
import { FileField } from './file-field';
import { reportEditError } from '../edit-errors';
import { useUploadBankHolidays } from './save-day-types';

const MAX_BYTES = 1024 * 1024;

/**
 * England and Wales bank holidays: shipped with the product, and replaced by a newer copy of gov.uk's
 * bank-holidays.json, read here in the browser and sent as JSON.
 */
export function BankHolidaysUpload({
  bankHolidays,
  version,
  today,
  onStale,
  onSaved,
}: {
  bankHolidays: BankHoliday[];
  version: number;
  today: string;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadBankHolidays();
  const id = 'bank-holidays-file';
  const next = bankHolidays.filter((h) => h.date >= today).slice(0, 3);
  const last = bankHolidays.at(-1);

  const refuse = (message: string) => {
    setError(message);
    document.getElementById(id)?.focus();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return refuse('Please choose the bank holidays file (bank-holidays.json)');
    if (file.size > MAX_BYTES) return refuse('That file is larger than 1 MB: the gov.uk file is about 20 KB.');
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      return refuse('This is not a JSON file: download bank-holidays.json from gov.uk/bank-holidays.');
    }
    const parsed = govUkBankHolidaysSchema.safeParse(json);
    if (!parsed.success)
      return refuse("This is not gov.uk's bank holidays file: it has no England and Wales bank holidays.");
    upload.mutate(
      { version, file: parsed.data },
      {
        onSuccess: (res) => {
          onSaved();
          setError(undefined);
          const list = (res as AdminCatalogue | null)?.holidays.value.bankHolidays ?? [];
          toast({
            title: 'Bank holidays uploaded',
            description: `${list.length} England and Wales bank holidays${list.at(-1) ? `, the last on ${longDate(list.at(-1)!.date)}` : ''}.`,
          });
        },
        onError: (err) => {
          if (!isStale(err)) setError(err instanceof Error ? err.message : 'The file could not be uploaded.');
          reportEditError(err, { what: 'Bank holidays', keys: [], show: () => undefined, onStale });
        },
      },
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Upload bank holidays" className="space-y-3">
      <p className="text-slate-800">
        {bankHolidays.length} England and Wales bank holidays
        {last ? `, up to ${longDate(last.date)}` : ''}.
        {next.length ? ` Next: ${next.map((h) => `${h.title}, ${longDate(h.date)}`).join('; ')}.` : ''}
      </p>
      <FileField
        id={id}
        label="Upload bank holidays (gov.uk JSON)"
        hint="A newer bank-holidays.json from gov.uk/bank-holidays replaces the list."
        accept=".json,application/json"
        error={error}
        onFile={(f) => {
          setFile(f);
          setError(undefined);
        }}
      />
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload bank holidays'}
      </button>
    </form>
  );
}
