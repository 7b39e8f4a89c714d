import type { LastBackup } from '../../../../shared/contracts/admin';
import { formatDayAndTime } from '../lib/format';

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": how old the last backup is, at a glance. */
export function formatAge(fromIso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'just now';
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'} ago`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}

/** "812 KB", "12.4 MB", "1.2 GB" (1 KB = 1000 bytes, as disks and buckets count). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${v} bytes` : `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** What the "Last backup" card says. Overdue is said in words as well as in red. */
export function backupCardText(b: LastBackup, now: Date) {
  return {
    value: b.last ? `${formatAge(b.last.at, now)} · ${formatBytes(b.last.bytes)}` : 'No backup yet',
    detail: b.last
      ? `${b.last.kind === 'nightly' ? 'Nightly' : 'Manual'} backup, ${formatDayAndTime(b.last.at)}`
      : null,
    overdue: b.overdue ? 'Overdue: no backup in the last 26 hours' : null,
    failed: b.failed
      ? `The last attempt failed (${formatDayAndTime(b.failed.at)}${b.failed.attempts > 1 ? `, attempt ${b.failed.attempts}` : ''})${b.failed.error ? `: ${b.failed.error}` : ''}`
      : null,
  };
}
