/**
 * GET /api/admin/outbox (DECISIONS.md "E-mail"): with no SMTP_URL, mail stays in the outbox and staff
 * read it here; with SMTP it shows what was sent, what is waiting and why a send failed.
 */
export type OutboxMailDto = {
  id: string;
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'kept';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  text: string;
};

export type OutboxResponse = { mails: OutboxMailDto[]; smtpConfigured: boolean };
