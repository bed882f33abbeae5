import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { WHATSAPP_WINDOW_MS } from '@app/shared';
import type { Database } from '../../db/client';
import { whatsappLocalMessages } from '../../db/schema';
import { interactiveMessageBody, templateMessageBody, textMessageBody } from './local/graph-request-bodies';
import { localMessageId, phoneOfLocalBsuid } from './local/local-ids';
import { localMediaUrl, mediaIdOfLocalUrl } from './local/local-media';
import { nextMessageTime } from './local/local-phone';
import { WhatsAppApiError, type WhatsAppApi, type WhatsAppRecipient } from './whatsapp-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Meta's refusal of a request naming something it does not know (a media id, a message id, a recipient). */
const unknown = (what: string) =>
  new WhatsAppApiError(`(#100) Invalid parameter: ${what}`, {
    httpStatus: 400,
    code: 100,
    title: 'Invalid parameter',
    detail: what,
  });

/**
 * Local mode's WhatsApp (decision 056): instead of calling Meta, the bridge's
 * sends are recorded in `whatsapp_local_messages` (direction `out`, the Graph
 * request body as payload), where the /dev/whatsapp phone reads them; its
 * read receipts mark the phone's messages read; its media ids name the voice
 * notes the phone uploaded. It keeps Meta's rules the bridge depends on: a
 * free-form message more than 24 hours after the phone's last message is
 * refused with 131047, media URLs expire after 5 minutes.
 *
 * Media is read from the table rather than over HTTP: the provider stands
 * where Meta's servers stand, so how it reaches its own files is its own
 * business; the bridge above it (mediaInfo → downloadMedia → sha256 check)
 * runs as in production. The URL it hands out is real nonetheless: the phone
 * page plays its own voice notes from it.
 */
export function createLocalProvider(
  db: Database,
  { publicUrl, now = () => new Date() }: { publicUrl: string; now?: () => Date },
): WhatsAppApi {
  /** The phone a send is addressed to: its wa_id, or the number behind a local BSUID. */
  function phoneOf(to: WhatsAppRecipient): string {
    const phone = to.waId ?? (to.bsuid ? phoneOfLocalBsuid(to.bsuid) : null);
    if (!phone) throw unknown('recipient is not a local phone');
    return phone;
  }

  async function lastInboundAt(phone: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: whatsappLocalMessages.createdAt })
      .from(whatsappLocalMessages)
      .where(and(eq(whatsappLocalMessages.phone, phone), eq(whatsappLocalMessages.direction, 'in')))
      .orderBy(desc(whatsappLocalMessages.createdAt))
      .limit(1);
    return row?.at ?? null;
  }

  async function recordSend(phone: string, payload: Record<string, unknown>) {
    const externalId = localMessageId();
    const createdAt = await nextMessageTime(db, phone, now());
    await db
      .insert(whatsappLocalMessages)
      .values({ direction: 'out', phone, externalId, payload, status: 'sent', createdAt });
    return { externalId };
  }

  async function inboundWithContent(mediaId: string) {
    if (!UUID.test(mediaId)) return undefined;
    const [row] = await db
      .select()
      .from(whatsappLocalMessages)
      .where(
        and(
          eq(whatsappLocalMessages.id, mediaId),
          eq(whatsappLocalMessages.direction, 'in'),
          isNotNull(whatsappLocalMessages.content),
        ),
      );
    return row;
  }

  /** Free-form messages (text, interactive) only inside the 24-hour window, as Meta refuses them (131047). */
  async function windowMustBeOpen(phone: string) {
    const last = await lastInboundAt(phone);
    if (!last || now().getTime() - last.getTime() > WHATSAPP_WINDOW_MS) {
      throw new WhatsAppApiError('(#131047) Re-engagement message', {
        httpStatus: 400,
        code: 131047,
        title: 'Re-engagement message',
        detail:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      });
    }
  }

  return {
    async sendText(to, body) {
      const phone = phoneOf(to);
      await windowMustBeOpen(phone);
      return recordSend(phone, textMessageBody(to, body));
    },

    async sendInteractive(to, body, buttons) {
      const phone = phoneOf(to);
      await windowMustBeOpen(phone);
      return recordSend(phone, interactiveMessageBody(to, body, buttons));
    },

    async sendTemplate(to, template, options) {
      return recordSend(phoneOf(to), templateMessageBody(to, template, options));
    },

    // The typing indicator (options.typing) has nothing to show on the phone page: only the read is kept.
    async markRead(externalId) {
      const [message] = await db
        .select()
        .from(whatsappLocalMessages)
        .where(and(eq(whatsappLocalMessages.externalId, externalId), eq(whatsappLocalMessages.direction, 'in')));
      if (!message) throw unknown(`no message ${externalId} from a phone`);
      // Like WhatsApp, reading a message reads the ones before it too.
      await db
        .update(whatsappLocalMessages)
        .set({ status: 'read' })
        .where(
          and(
            eq(whatsappLocalMessages.phone, message.phone),
            eq(whatsappLocalMessages.direction, 'in'),
            lte(whatsappLocalMessages.createdAt, message.createdAt),
          ),
        );
    },

    async mediaInfo(mediaId) {
      const row = await inboundWithContent(mediaId);
      if (!row) throw unknown(`no media ${mediaId}`);
      const content = row.content!;
      return {
        url: localMediaUrl(publicUrl, row.id, now()),
        mimeType: row.mimeType ?? 'application/octet-stream',
        sha256: createHash('sha256').update(content).digest('base64'),
        fileSize: content.byteLength,
      };
    },

    async downloadMedia(url) {
      const named = mediaIdOfLocalUrl(url, now());
      const row = named && !named.expired ? await inboundWithContent(named.mediaId) : undefined;
      // Meta answers an unknown or expired media URL with 404: fetch a new one through mediaInfo.
      if (!row) throw new WhatsAppApiError('Media URL not found or expired', { httpStatus: 404 });
      return { bytes: new Uint8Array(row.content!), contentType: row.mimeType };
    },
  };
}
