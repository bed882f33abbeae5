import { and, desc, eq } from 'drizzle-orm';
import type { LocalMail } from '@app/shared';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Logger } from '../logger';
import type { MailPayload } from './mail-delivery';
import { extractLinks, type MailTransport } from './mailer';

/**
 * Local mode's transport: delivering a mail prints it to the log with its
 * links; the outbox row, once marked sent, is the local mailbox's copy. Mail
 * takes the same outbox path as with SMTP, so sign-up and reset work offline.
 */
export function createLocalMailbox(logger: Logger): MailTransport {
  return {
    async deliver(mail, mailId) {
      const links = extractLinks(mail.text);
      logger.info({ mailId, to: mail.to, subject: mail.subject, links }, 'mail kept in the local mailbox');
    },
  };
}

/** The local mailbox: mail delivered by the local transport (the outbox's sent mail), newest first. */
export async function listMailbox(db: Database): Promise<LocalMail[]> {
  const rows = await db
    .select({ id: outbox.id, payload: outbox.payload, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail'), eq(outbox.status, 'sent')))
    .orderBy(desc(outbox.createdAt))
    .limit(200);
  return rows.map(({ id, payload, createdAt }) => {
    const { to, subject, text, html } = payload as unknown as MailPayload;
    return { id, to, subject, text, html, links: extractLinks(text), createdAt: createdAt.toISOString() };
  });
}
