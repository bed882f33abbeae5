import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { MailTransport } from './mailer';

/**
 * Delivery over SMTP_URL. The timeouts keep one attempt well inside the
 * outbox lease (lib/outbox/worker.ts); the URL's own query options win over them.
 */
export function createSmtpTransport(smtpUrl: string, from: string, logger: Logger): MailTransport {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(mail, mailId) {
      const info = await transport.sendMail({ from, ...mail });
      logger.info({ mailId, messageId: info.messageId }, 'mail sent');
    },
  };
}
