import type { Database, Tx } from '../../db/client';
import { enqueue, type OutboxRow } from '../outbox/outbox';
import type { Deliverer } from '../outbox/worker';
import type { MailTransport, OutgoingMail } from './mailer';

/** A mail as the outbox's mail topic holds it. */
export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Queues a mail in the outbox (in the caller's transaction when given one); returns the row's id. */
export function enqueueMail(db: Database | Tx, mail: OutgoingMail): Promise<string> {
  const payload: MailPayload = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers && { headers: mail.headers }),
  };
  return enqueue(db, { topic: 'mail', payload: { ...payload }, userId: mail.userId ?? null });
}

/**
 * The mail topic's deliverer: the transport (SMTP, or the local mailbox) sends
 * the mail. Every failure is retried until the policy gives up (decision 013):
 * SMTP's own codes are not read, so a refusal for good is retried too.
 */
export function mailDeliverer(transport: MailTransport): Deliverer {
  return {
    log: { noun: 'mail', idKey: 'mailId' },
    isRetryable: () => true,
    async deliver(row: OutboxRow) {
      const { to, subject, text, html, headers } = row.payload as unknown as MailPayload;
      await transport.deliver({ to, subject, text, html, ...(headers && { headers }) }, row.id);
    },
  };
}
