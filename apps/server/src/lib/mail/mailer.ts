import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import { countHit } from '../rate-limit-counters';
import { enqueueMail } from './mail-delivery';

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
  /**
   * A notice the account holder must get about their own account (an email
   * change): queued even when the address has had its share of mail, and
   * counted all the same. Only the account's own, password-checked actions send one.
   */
  securityNotice?: boolean;
  /** Extra headers (a programme nudge's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** What the app uses to send mail. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** How the outbox's mail topic delivers one mail: SMTP, or the local mailbox. Throws when it was not accepted. */
export interface MailTransport {
  deliver(mail: OutgoingMail, mailId: string): Promise<void>;
}

export interface RecipientLimit {
  max: number;
  windowSeconds: number;
}

/**
 * The app's mailer: a mail is queued in the outbox's mail topic (the workers
 * hear of it once it is committed). send() returns once the row is committed,
 * so a slow or unreachable mail server never holds a request, and the mail
 * survives an outage or a restart.
 *
 * Every mail passes here, so here each address gets at most `limit.max` mails
 * per window (decision 046), counted in the database so every instance shares
 * the count: sign-ups, resends and resets in a stranger's name cannot flood
 * one inbox. A mail over the limit is dropped with a warning (the request that
 * asked for it answers as usual, so the limit tells nobody anything); a
 * security notice is queued anyway.
 */
export function createOutboxMailer(db: Database, { limit, logger }: { limit: RecipientLimit; logger: Logger }): Mailer {
  return {
    async send(mail) {
      const recipient = createHash('sha256').update(mail.to.trim().toLowerCase()).digest('hex');
      const { count } = await countHit(db, `mail-to:${recipient}`, limit);
      if (count > limit.max && !mail.securityNotice) {
        // The hash, not the address: the log names no one.
        logger.warn({ recipient }, 'mail not queued: this address had its share of mail for now');
        return;
      }
      await enqueueMail(db, mail);
    },
  };
}

/** Every absolute http(s) link in a text, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}
