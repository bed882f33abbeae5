import { eq } from 'drizzle-orm';
import { PRODUCT_NAME, PROGRAMME_NUDGE_MAIL, type ProgrammeKind } from '@app/shared';
import { users, whatsappContacts } from '../../../db/schema';
import type { DeliveryWriter } from '../../chat/post-message';
import { enqueueMail } from '../../mail/mail-delivery';
import { unsubscribeToken } from './unsubscribe-token';
import type { Tx } from '../../../db/client';

/**
 * The mail nudge (decision 058): a member with no linked WhatsApp number, who
 * left `mail_nudges` on, is told by mail that something waits in their web
 * chat. Queued in the programme message's own transaction (both or neither),
 * only to a proven address, with a one-click unsubscribe that turns off that
 * kind (the link, and the List-Unsubscribe headers for mail apps).
 */
export function mailNudge(options: {
  userId: string;
  kind: ProgrammeKind;
  publicUrl: string;
  secret: string;
}): DeliveryWriter {
  return async (tx, message) => {
    if (message.channel !== 'web') return;
    const to = await nudgeAddress(tx, options.userId);
    if (!to) return;
    const unsubscribeUrl = `${options.publicUrl}/api/programme/unsubscribe?token=${unsubscribeToken(options.secret, options.userId, options.kind)}`;
    const chatUrl = `${options.publicUrl}/chat`;
    const line = PROGRAMME_NUDGE_MAIL[options.kind];
    const text = [
      'Hello,',
      '',
      line,
      '',
      `${PROGRAMME_NUDGE_MAIL.action}: ${chatUrl}`,
      '',
      `${PROGRAMME_NUDGE_MAIL.unsubscribe} ${unsubscribeUrl}`,
      '',
      `— The ${PRODUCT_NAME} team`,
    ].join('\n');
    const esc = (s: string) =>
      s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<p>Hello,</p><p>${esc(line)}</p>
<p><a href="${esc(chatUrl)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${esc(PROGRAMME_NUDGE_MAIL.action)}</a></p>
<p style="font-size:13px;color:#52606d">${esc(PROGRAMME_NUDGE_MAIL.unsubscribe)} <a href="${esc(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
    await enqueueMail(tx, {
      to,
      subject: `${PROGRAMME_NUDGE_MAIL.subject} (${PRODUCT_NAME})`,
      text,
      html,
      userId: options.userId,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  };
}

/** The member's address when they should get a nudge: proven, and no WhatsApp number linked. */
async function nudgeAddress(tx: Tx, userId: string): Promise<string | null> {
  const [contact] = await tx
    .select({ id: whatsappContacts.id })
    .from(whatsappContacts)
    .where(eq(whatsappContacts.memberId, userId))
    .limit(1);
  if (contact) return null;
  const [user] = await tx
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return user?.verified ? user.email : null;
}
