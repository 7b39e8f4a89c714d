import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestAs, useAdminApp } from '../catalogue/testing/admin-fixtures';
import { familyProfiles, outbox } from '../db/schema';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { sendBirthdayReminders } from './birthday-reminders';
import { familyCookieFor } from './testing/family-fixtures';

// The clock the app reads; each test moves it. Maisie turns 7 on Wednesday 12 August 2026.
let clock = new Date('2026-06-01T08:00:00Z');
const at = (isoDay: string) => (clock = new Date(`${isoDay}T08:00:00Z`));

describe.each(testDbKinds)('birthday party reminders and the one-click unsubscribe (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => clock });
  const reminders = () =>
    t.ctx.db.select().from(outbox).where(eq(outbox.template, 'birthday-reminder')).orderBy(outbox.createdAt);
  const saveProfile = async (email: string, birthdayReminders: boolean, children: object[]) => {
    const family = requestAs(t.app, await familyCookieFor(t.ctx.db, email, clock));
    const version = (await family('GET', '/api/family/profile')).json().version;
    const res = await family('PUT', '/api/family/profile', { version, adults: [], children, birthdayReminders });
    expect(res.statusCode, res.body).toBe(200);
  };
  let link = '';

  it('sends one mail 42 days before each birthday, only with consent, with a one-click unsubscribe', async () => {
    at('2026-06-01');
    await saveProfile('yes@example.com', true, [
      { firstName: 'Maisie', dateOfBirth: '2019-08-12' },
      { firstName: 'Leap', dateOfBirth: '2020-02-29' },
    ]);
    await saveProfile('no@example.com', false, [{ firstName: 'Quiet', dateOfBirth: '2019-08-12' }]);

    at('2026-06-30'); // 43 days before: not yet
    await sendBirthdayReminders(t.ctx);
    expect(await reminders()).toEqual([]);
    at('2026-07-01'); // 42 days before
    await sendBirthdayReminders(t.ctx);
    await sendBirthdayReminders(t.ctx); // every process runs the job: still one mail
    at('2026-07-02');
    await sendBirthdayReminders(t.ctx);
    const sent = await reminders();
    expect(sent.map((m) => [m.toAddress, m.subject])).toEqual([
      ['yes@example.com', 'Maisie turns 7 on Wednesday 12 August 2026: a party at Play Time Barn?'],
    ]);
    const [mail] = sent;
    expect(mail!.text).toContain('/party-booking');
    link = mail!.headers['List-Unsubscribe']!.slice(1, -1);
    expect(link).toMatch(/^http.*\/api\/unsubscribe\/[^/]+$/);
    expect(mail!.text).toContain(link);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The link says nothing of the address; staff see it hidden.
    expect(link).not.toContain('yes');
    expect(mail!.staffText).not.toContain(link);

    // A 29 February birthday is remembered on 28 February in a year without one (42 days before: 17 January).
    at('2027-01-17');
    await sendBirthdayReminders(t.ctx);
    expect((await reminders()).at(-1)!.subject).toBe(
      'Leap turns 7 on Sunday 28 February 2027: a party at Play Time Barn?',
    );
  });

  it('unsubscribes by the link without a session, once; a tampered link is refused', async () => {
    const path = new URL(link).pathname;
    const consent = async () =>
      (await t.ctx.db.select().from(familyProfiles).where(eq(familyProfiles.email, 'yes@example.com')))[0]!;
    // GET (a mail scanner, or a person) changes nothing; a person is shown a button.
    expect((await t.anon('GET', path)).json()).toEqual({ subscribed: true });
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.body).toContain('Stop birthday reminders');
    expect((await consent()).birthdayReminders).toBe(true);

    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    for (const tampered of [path.slice(0, -2) + 'xx', path.replace(/\/[^/]+$/, '/not-a-token-at-all')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: tampered,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, tampered).toBe(404);
    }
    expect(await counts()).toEqual(before);

    at('2026-07-03');
    // The mail client's one-click POST (RFC 8058): a form body, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([oneClick.statusCode, oneClick.json()]).toEqual([200, { subscribed: false }]);
    expect(await consent()).toMatchObject({
      birthdayReminders: false,
      birthdayRemindersChangedAt: new Date('2026-07-03T08:00:00Z'),
    });
    at('2026-07-04');
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    // Withdrawn once: the time stays the first withdrawal's; no more reminders.
    expect((await consent()).birthdayRemindersChangedAt).toEqual(new Date('2026-07-03T08:00:00Z'));
    at('2027-07-01');
    await sendBirthdayReminders(t.ctx);
    expect(await t.ctx.db.select().from(outbox).where(like(outbox.dedupeKey, '%:2027'))).toHaveLength(1); // Leap's, sent before
  });
});
