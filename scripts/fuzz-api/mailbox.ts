import { SMTPServer } from 'smtp-server';

/**
 * A mailbox on 127.0.0.1 for the server the fuzzer starts, so a family can sign in the way a real one
 * does: ask for a code, read it in the mail, confirm it. Nothing leaves the machine.
 */
export type Mailbox = { url: string; codeFor: (email: string) => Promise<string | null>; close: () => Promise<void> };

export async function startMailbox(): Promise<Mailbox> {
  const received: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        // Quoted-printable soft line breaks and escapes undone, so a code split over a line is whole again.
        const body = raw.slice(raw.search(/\r?\n\r?\n/));
        const text = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address.toLowerCase(), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    // The newest mail to the address with a 6-digit code in it, waiting up to 15 s for the mail worker.
    async codeFor(email) {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        for (const mail of [...received].reverse()) {
          if (mail.to !== email.toLowerCase()) continue;
          const code = (/code[^0-9]{0,40}(\d{6})\b/i.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.text))?.[1];
          if (code) return code;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      return null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
