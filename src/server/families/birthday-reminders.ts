import { sql } from 'drizzle-orm';
import { longDate } from '../../shared/date-text';
import { addDays, todayInLondon } from '../../shared/dates';
import { catalogueOf } from '../catalogue/catalogue-store';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { unsubscribeUrl } from './unsubscribe';

/** DECISIONS.md "Families the venue knows": the reminder goes six weeks before the birthday. */
export const REMINDER_DAYS_BEFORE = 42;

/**
 * Birthday party reminders (marketing, with consent): for each child on a profile whose family ticked
 * "E-mail me about a party about six weeks before a birthday", one mail 42 days before the birthday, with a
 * link to /party-booking and a one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058).
 * Run every few minutes by every process: the outbox's dedupe key (child and birthday) sends it once. A
 * 29 February birthday is remembered on 28 February in other years. A run that missed a day (the server was
 * down) does not send late: a reminder five weeks out is no longer the one the family asked for.
 */
export async function sendBirthdayReminders(ctx: AppContext): Promise<{ queued: number }> {
  const now = ctx.now();
  const birthday = addDays(todayInLondon(now), REMINDER_DAYS_BEFORE);
  const [year, month, day] = birthday.split('-');
  const leapDayToo = month === '02' && day === '28' && !isLeapYear(Number(year));
  const due = rowsOf<{ childId: string; firstName: string; dateOfBirth: string; email: string; unsubscribeId: string }>(
    await ctx.db.execute(sql`
      select c.id as "childId", c.first_name as "firstName", c.date_of_birth::text as "dateOfBirth", p.email,
        p.unsubscribe_id as "unsubscribeId"
      from family_children c join family_profiles p on p.email = c.email
      where p.birthday_reminders
        and (to_char(c.date_of_birth, 'MM-DD') = ${`${month}-${day}`}
          or (${leapDayToo} and to_char(c.date_of_birth, 'MM-DD') = '02-29'))
        and c.date_of_birth < ${birthday}::date`),
  );
  if (due.length === 0) return { queued: 0 };
  const venue = (await catalogueOf(ctx.db)).venue.value;
  const secret = await getAppSecret(ctx.db);
  const publicUrl = publicUrlOf(ctx);
  for (const child of due) {
    const age = Number(year) - Number(child.dateOfBirth.slice(0, 4));
    const stop = unsubscribeUrl(publicUrl, secret, child.unsubscribeId);
    await enqueueMail(ctx.db, {
      template: 'birthday-reminder',
      to: child.email,
      dedupeKey: `birthday-reminder:${child.childId}:${year}`,
      subject: `${child.firstName} turns ${age} on ${longDate(birthday)}: a party at ${venue.name}?`,
      text: [
        `${child.firstName} turns ${age} on ${longDate(birthday)}.`,
        '',
        `Families book a party at ${venue.name} about six weeks ahead, and Saturdays go first.`,
        `See the packages and the free dates: ${publicUrl}/party-booking`,
        '',
        `You asked us for this reminder on your family profile. To stop these e-mails, open: ${stop}`,
      ].join('\n'),
      secrets: [stop],
      headers: { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
  return { queued: due.length };
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
