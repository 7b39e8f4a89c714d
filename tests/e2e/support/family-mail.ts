import type { Page } from 'playwright-core';
import type { ReceivedMail } from '../../../src/server/testing/smtp-sink';

/** The text of a received mail with quoted-printable soft breaks and escapes undone. */
export const mailText = (mail: ReceivedMail): string =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The newest sign-in code mail the server sent `email` (through the real SMTP peer on 127.0.0.1, from
 * src/server/testing/smtp-sink.ts), once it has arrived: its 6-digit code and one-click link.
 */
export async function familyCodeMail(
  received: ReceivedMail[],
  email: string,
  after = 0,
): Promise<{ code: string; link: string; index: number }> {
  const address = email.trim().toLowerCase(); // the server mails the address as it normalises it
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (let i = received.length - 1; i >= after; i--) {
      const mail = received[i]!;
      if (mail.to.toLowerCase() !== address) continue;
      const text = mailText(mail);
      const code = /code is: (\d{6})/.exec(text)?.[1];
      const link = /(https?:\/\/\S+\/my-bookings\?signin=[^\s"<]+)/.exec(text)?.[1];
      if (code && link) return { code, link, index: i };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code mail for ${email}`);
}

/**
 * Fills the confirm-email form (components/family/confirm-email-form.tsx) whose inputs start with
 * `idPrefix`: the address, "Email me a code" (or `sendLabel`), then the code from the real mail.
 */
export async function confirmEmailOnPage(
  page: Page,
  received: ReceivedMail[],
  opts: { idPrefix: string; email: string; sendLabel?: string },
): Promise<void> {
  const before = received.length;
  await page.locator(`#${opts.idPrefix}-email`).fill(opts.email);
  await page.getByRole('button', { name: opts.sendLabel ?? 'Email me a code' }).click();
  const { code } = await familyCodeMail(received, opts.email, before);
  await page.locator(`#${opts.idPrefix}-code`).fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}
