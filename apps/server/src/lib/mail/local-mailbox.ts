import { desc } from 'drizzle-orm';
import type { LocalMail } from '@app/shared';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../logger';
import { extractLinks, type Mailer } from './mailer';

/**
 * Local mode's mail: kept in the database for /api/dev/mailbox and printed
 * to the log with its links, so sign-up and reset work with no mail server.
 */
export function createLocalMailbox(db: Database, logger: Logger): Mailer {
  return {
    async send(mail) {
      const links = extractLinks(mail.text);
      await db.insert(mailOutbox).values({ ...mail, links });
      logger.info({ to: mail.to, subject: mail.subject, links }, 'mail kept in the local mailbox');
    },
  };
}

export async function listMailbox(db: Database): Promise<LocalMail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(200);
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
