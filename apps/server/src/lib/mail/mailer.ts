import type { Database } from '../../db/client';
import { enqueueMail } from './outbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The account the mail is sent for: deleting the account deletes the mail
   * still in the outbox, whatever address it goes to (an email change's link
   * goes to the new one).
   */
  userId?: string;
}

/** What the app uses to send mail. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** How the outbox worker delivers one mail: SMTP, or the local mailbox. Throws when it was not accepted. */
export interface MailTransport {
  deliver(mail: OutgoingMail, mailId: string): Promise<void>;
}

/**
 * The app's mailer: a mail is queued in the outbox and the worker is nudged.
 * send() returns once the row is committed, so a slow or unreachable mail
 * server never holds a request, and the mail survives an outage or a restart.
 */
export function createOutboxMailer(db: Database, worker: { nudge(): void }): Mailer {
  return {
    async send(mail) {
      await enqueueMail(db, mail);
      worker.nudge();
    },
  };
}

/** Every absolute http(s) link in a text, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}
