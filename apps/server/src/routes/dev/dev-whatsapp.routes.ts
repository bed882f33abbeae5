import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  LOCAL_PHONE_AUDIO_TYPES,
  LOCAL_PHONE_MAX_AUDIO_BYTES,
  type LocalPhoneDto,
  type LocalPhoneReceiptsDto,
  type LocalPhoneSendDto,
  type LocalPhoneThreadDto,
  type LocalWebhookOutcome,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { deliverWebhook } from '../../lib/whatsapp/local/deliver-webhook';
import { mediaIdOfLocalUrl } from '../../lib/whatsapp/local/local-media';
import {
  localPhones,
  phoneMedia,
  phoneThread,
  recordPhoneMessage,
  recordReceipts,
  type PhoneInput,
} from '../../lib/whatsapp/local/local-phone';
import { ownAddress } from '../../lib/whatsapp/local/own-address';
import { messageEnvelope, statusEnvelope, type LocalBusiness } from '../../lib/whatsapp/local/webhook-envelopes';
import { routeAccess } from '../../middleware/access';
import { routeBodyLimit } from '../../middleware/body-limit';
import { invalidInput, validate } from '../../middleware/validate';

/** A phone number as people write it (`+44 7700 900123`), kept as its digits: the phone's WhatsApp id. */
const phone = z
  .string('phone must be a phone number')
  .transform((value) => value.replace(/[\s()+.-]/g, ''))
  .pipe(z.string().regex(/^\d{7,15}$/, 'phone must be 7 to 15 digits in international format, e.g. 447700900123'));

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** base64 of at most LOCAL_PHONE_MAX_AUDIO_BYTES bytes, with room for its padding. */
const MAX_AUDIO_BASE64 = Math.ceil(LOCAL_PHONE_MAX_AUDIO_BYTES / 3) * 4;

const messageBody = z
  .object({
    phone,
    profile_name: z
      .string('profile_name must be text')
      .trim()
      .min(1, 'profile_name is required')
      .max(100, 'profile_name must be at most 100 characters'),
    text: z
      .string('text must be text')
      .max(4096, 'text must be at most 4096 characters (WhatsApp’s limit)')
      .refine((text) => text.trim().length > 0, 'text must not be empty')
      .optional(),
    audio: z
      .object({
        data: z
          .string('audio.data must be base64 text')
          .min(1, 'audio.data must not be empty')
          .max(MAX_AUDIO_BASE64, `a voice note must be at most ${LOCAL_PHONE_MAX_AUDIO_BYTES / 1024} KB`)
          .regex(BASE64, 'audio.data must be base64'),
        mime_type: z.enum(
          LOCAL_PHONE_AUDIO_TYPES,
          `audio.mime_type must be one of ${LOCAL_PHONE_AUDIO_TYPES.join(', ')}`,
        ),
      })
      .strict()
      .optional(),
    reply: z
      .object({
        kind: z.enum(['button_reply', 'quick_reply'], 'reply.kind must be button_reply or quick_reply'),
        id: z.string('reply.id must be text').min(1, 'reply.id is required').max(1000, 'reply.id is too long'),
        title: z
          .string('reply.title must be text')
          .trim()
          .min(1, 'reply.title is required')
          .max(20, 'reply.title must be at most 20 characters (WhatsApp’s limit)'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => [body.text, body.audio, body.reply].filter((v) => v !== undefined).length === 1, {
    message: 'Send either text, audio or a reply',
    path: ['text'],
  });

const receiptsBody = z
  .object({
    phone,
    external_ids: z
      .array(z.string().min(1).max(200), 'external_ids must be a list of message ids')
      .min(1, 'external_ids must name at least one message')
      .max(100, 'external_ids may name at most 100 messages'),
    status: z.enum(['delivered', 'read'], 'status must be delivered or read'),
  })
  .strict();

const phoneParam = z.object({ phone });
const mediaParam = z.object({ mediaId: z.uuid('Not a media id') });
const mediaQuery = z.object({ expires: z.string().optional() });

/** A JSON body's size limit: a voice note in base64 and the rest of the message. */
const MESSAGE_BODY_LIMIT = MAX_AUDIO_BASE64 + 16 * 1024;

/**
 * The /dev/whatsapp phone's API (local mode, this machine only: mounted under
 * devRoutes): a simulated WhatsApp user who sends text and voice notes to the
 * business number through the real webhook endpoint, signed with the bridge's
 * app secret as Meta signs, reads the coach's replies the local provider
 * recorded, and sends the ticks a phone would (decision 056).
 */
export function devWhatsAppRoutes(deps: AppDeps) {
  const { db, whatsapp, config } = deps;
  const access = routeAccess(deps);
  const business: LocalBusiness = { phoneNumberId: whatsapp.phoneNumberId, displayPhoneNumber: config.whatsappNumber };

  /** The phone needs the local provider: with the Cloud API configured, replies go to real phones. */
  const unavailable = (c: Context<AppEnv>) =>
    whatsapp.mode === 'local' && whatsapp.appSecret
      ? null
      : c.json(
          { error: 'The phone simulator works with the local WhatsApp provider only (no WHATSAPP_* settings).' },
          404,
        );

  /** Sends a webhook to this server's own endpoint, as Meta would; null when the endpoint could not be reached. */
  async function toWebhookEndpoint(c: Context<AppEnv>, body: unknown): Promise<LocalWebhookOutcome | null> {
    const endpoint = `${ownAddress(c, config.publicUrl)}/api/webhooks/whatsapp`;
    try {
      return await deliverWebhook(endpoint, whatsapp.appSecret!, body);
    } catch (error) {
      deps.logger.warn({ err: error, endpoint }, 'the phone simulator could not reach the webhook endpoint');
      return null;
    }
  }
  const unreachable = (c: Context<AppEnv>) =>
    c.json({ error: 'The WhatsApp webhook endpoint could not be reached. Is the server still running?' }, 502);

  return new Hono<AppEnv>()
    .get('/phones', access.localOnly, async (c) => {
      const refused = unavailable(c);
      if (refused) return refused;
      const body: LocalPhoneDto[] = await localPhones(db);
      return c.json(body);
    })
    .get('/phones/:phone', access.localOnly, validate('param', phoneParam), async (c) => {
      const refused = unavailable(c);
      if (refused) return refused;
      const { phone } = c.req.valid('param');
      const body: LocalPhoneThreadDto = {
        phone,
        business_number: config.whatsappNumber,
        messages: await phoneThread(db, phone),
      };
      return c.json(body);
    })
    .post(
      '/messages',
      access.localOnly,
      routeBodyLimit(MESSAGE_BODY_LIMIT),
      validate('json', messageBody),
      async (c) => {
        const refused = unavailable(c);
        if (refused) return refused;
        const input = c.req.valid('json');
        let phoneInput: PhoneInput;
        if (input.audio) {
          const bytes = Buffer.from(input.audio.data, 'base64');
          if (bytes.byteLength > LOCAL_PHONE_MAX_AUDIO_BYTES) {
            return invalidInput(c, {
              'audio.data': [`a voice note must be at most ${LOCAL_PHONE_MAX_AUDIO_BYTES / 1024} KB`],
            });
          }
          const sha256 = createHash('sha256').update(bytes).digest('base64');
          phoneInput = {
            phone: input.phone,
            profileName: input.profile_name,
            audio: { bytes, mimeType: input.audio.mime_type, sha256 },
          };
        } else if (input.reply) {
          phoneInput = { phone: input.phone, profileName: input.profile_name, reply: input.reply };
        } else {
          phoneInput = { phone: input.phone, profileName: input.profile_name, text: input.text! };
        }
        // Stored first: the bridge fetches a voice note's bytes from the provider while handling the webhook.
        const { rowId, message } = await recordPhoneMessage(db, phoneInput, new Date());
        const webhook = await toWebhookEndpoint(c, messageEnvelope(business, input.profile_name, message));
        if (!webhook) return unreachable(c);
        const body: LocalPhoneSendDto = { id: rowId, external_id: message.id, webhook };
        return c.json(body);
      },
    )
    .post('/receipts', access.localOnly, validate('json', receiptsBody), async (c) => {
      const refused = unavailable(c);
      if (refused) return refused;
      const { phone, external_ids, status } = c.req.valid('json');
      const outcome = await recordReceipts(db, phone, [...new Set(external_ids)], status);
      if (outcome.kind === 'unknown') {
        return c.json({ error: `No message ${outcome.externalIds.join(', ')} was sent to this phone` }, 404);
      }
      let webhook: LocalWebhookOutcome | null = null;
      if (outcome.advanced.length) {
        const at = new Date();
        const receipts = outcome.advanced.map(({ externalId, first }) => ({
          id: externalId,
          status,
          at,
          recipient: phone,
          first,
        }));
        webhook = await toWebhookEndpoint(c, statusEnvelope(business, receipts));
        if (!webhook) return unreachable(c);
      }
      const body: LocalPhoneReceiptsDto = { updated: outcome.advanced.map((a) => a.externalId), webhook };
      return c.json(body);
    })
    .get(
      '/media/:mediaId',
      access.localOnly,
      validate('param', mediaParam),
      validate('query', mediaQuery),
      async (c) => {
        const refused = unavailable(c);
        if (refused) return refused;
        const { mediaId } = c.req.valid('param');
        // A URL the provider handed out (with `expires`) lasts 5 minutes, as Meta's do; the page's own link has none.
        const expired = c.req.valid('query').expires !== undefined && mediaIdOfLocalUrl(c.req.url, new Date())?.expired;
        const media = expired ? undefined : await phoneMedia(db, mediaId);
        if (!media?.content) return c.json({ error: 'No such media, or its URL has expired' }, 404);
        return c.body(new Uint8Array(media.content), 200, {
          'Content-Type': media.mimeType ?? 'application/octet-stream',
          'Content-Length': String(media.content.byteLength),
          'X-Content-Type-Options': 'nosniff',
        });
      },
    );
}
