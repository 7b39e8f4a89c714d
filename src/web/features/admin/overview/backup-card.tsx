import { DatabaseBackup, TriangleAlert } from 'lucide-react';
import type { LastBackup } from '../../../../shared/contracts/admin';
import { backupCardText } from './backup-card-text';

/**
 * "Last backup" (DECISIONS.md "Nothing is lost"): its age and size, red with the word "Overdue" when the
 * last good backup is more than 26 hours old or there is none, and the newest attempt's failure.
 */
export function BackupCard({ backup }: { backup: LastBackup }) {
  const text = backupCardText(backup, new Date());
  const alarm = !!text.overdue;
  return (
    <section
      aria-labelledby="overview-backup"
      data-testid="backup-card"
      className={`rounded-2xl border p-4 shadow-sm ${alarm ? 'border-red-700 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <h2
        id="overview-backup"
        className={`flex items-center gap-2 text-sm font-semibold ${alarm ? 'text-red-900' : 'text-slate-700'}`}
      >
        <span className={alarm ? 'text-red-800' : 'text-brand-700'}>
          <DatabaseBackup aria-hidden className="h-6 w-6" />
        </span>
        Last backup
      </h2>
      <p className={`mt-1 text-2xl font-bold ${alarm ? 'text-red-900' : 'text-slate-900'}`}>{text.value}</p>
      {text.detail && <p className="text-sm text-slate-700">{text.detail}</p>}
      {text.overdue && (
        <p className="mt-2 flex items-center gap-1 font-semibold text-red-900">
          <TriangleAlert aria-hidden className="h-4 w-4" />
          {text.overdue}
        </p>
      )}
      {text.failed && <p className="mt-2 text-sm break-words text-red-900">{text.failed}</p>}
    </section>
  );
}
