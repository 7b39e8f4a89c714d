import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives: the peer nodemailer talks to in tests. */
export async function startSmtpSink(
  port = 0,
): Promise<{ url: string; port: number; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
