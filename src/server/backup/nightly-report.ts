import type { AppContext } from '../context';
import { enqueueMail } from '../mail/enqueue-mail';

/**
 * Tells staff (STAFF_NOTIFY_EMAIL, through the mail outbox like every other mail) that a backup has failed
 * for good. One mail a slot: the dedupe key makes a second report of the same night a no-op.
 */
export async function reportBackupFailure(
  ctx: AppContext,
  v: { slot: string; attempts: number; error: string; backupDir: string; localFile: string | null },
): Promise<void> {
  const what = v.slot.startsWith('nightly:') ? `The nightly backup of ${v.slot.slice('nightly:'.length)}` : 'A backup';
  const lines = [
    `${what} failed after ${v.attempts} attempt${v.attempts === 1 ? '' : 's'}.`,
    '',
    `Last error: ${v.error}`,
    '',
    v.localFile
      ? `The backup itself was written to ${v.backupDir}/${v.localFile}; only its copy to the S3 bucket failed. Check the BACKUP_S3_* settings and the bucket.`
      : `No new backup was written to ${v.backupDir}. Check the server's log and free disk space, then run \`npm run backup\` to take one now.`,
    '',
    'The staff Overview shows the age of the last good backup.',
  ];
  await enqueueMail(ctx.db, {
    template: 'backup-failed',
    to: ctx.config.STAFF_NOTIFY_EMAIL,
    subject: `Backup failed: ${v.slot}`,
    text: lines.join('\n'),
    dedupeKey: `backup-failed:${v.slot}`,
  });
  ctx.wakeMailer();
}
