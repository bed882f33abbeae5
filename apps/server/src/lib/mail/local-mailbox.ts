import { desc, eq } from 'drizzle-orm';
import type { LocalMail } from '@app/shared';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../logger';
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

/** The local mailbox: mail delivered by the local transport, newest first. */
export async function listMailbox(db: Database): Promise<LocalMail[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'sent'))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(200);
  return rows.map((m) => ({ ...m, links: extractLinks(m.text), createdAt: m.createdAt.toISOString() }));
}
