import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@app/shared';
import type { Database } from '../../../db/client';
import { chatMessages, mediaFiles } from '../../../db/schema';
import type { Logger } from '../../logger';
import type { Deliverer } from '../../outbox/worker';
import type { WhatsAppApi } from '../whatsapp-api';
import { failureReason, FinalFailure, isRetryableWhatsAppError } from './whatsapp-errors';

/**
 * The `whatsapp_media` topic (decision 056): a voice note or image a person
 * sent is fetched at once and kept by us, because WhatsApp's media ids expire
 * in 7 days and its download URLs in 5 minutes. The inbound side writes the
 * message and a `pending` media file and queues `{ file_id }` in the same
 * transaction; each attempt here asks for a fresh URL and downloads it (a URL
 * that expired between two attempts costs nothing), checks the size and the
 * SHA-256 WhatsApp gave, stores the bytes, and tells the conversation's
 * screens (`message_changed`). A final failure marks the file and the
 * message's media `failed`, with the reason.
 */
export type WhatsAppMediaDelivery = { file_id: string };

const MB = 1024 * 1024;
/** WhatsApp's own limits per kind (Meta: audio 16 MB, images 5 MB); anything else we keep up to 16 MB. */
export function maxMediaBytes(mimeType: string | null): number {
  if (mimeType?.startsWith('image/')) return 5 * MB;
  return 16 * MB;
}

export interface MediaDelivererDeps {
  db: Database;
  api: WhatsAppApi;
  publish(event: RealtimeEvent): Promise<void>;
  logger: Logger;
}

export function whatsappMediaDeliverer(deps: MediaDelivererDeps): Deliverer {
  const { db, api, logger } = deps;

  async function publishChanged(messageId: string, conversationId: string) {
    try {
      await deps.publish({ kind: 'message_changed', message_id: messageId, conversation_id: conversationId });
    } catch (error) {
      logger.warn({ err: error, messageId }, 'WhatsApp media: change not published');
    }
  }

  /**
   * Settles the file and its message's `media.status` in one transaction, then
   * tells the message's screens. One transaction, because a crash between the
   * two would leave a stored file whose message says "pending" for good (a
   * redelivery finds the file settled and stops), and a reader between them
   * would see the two disagree.
   */
  async function settle(
    fileId: string,
    change: { status: 'stored'; content: Uint8Array; mimeType: string | null } | { status: 'failed'; reason?: string },
  ) {
    const message = await db.transaction(async (tx) => {
      const [file] = await tx
        .update(mediaFiles)
        .set(
          change.status === 'stored'
            ? {
                content: change.content,
                sizeBytes: change.content.byteLength,
                mimeType: change.mimeType,
                status: 'stored',
                storedAt: sql`now()`,
                failureReason: null,
              }
            : { status: 'failed', failureReason: change.reason ?? null },
        )
        .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.status, 'pending')))
        .returning({ messageId: mediaFiles.messageId });
      // Gone with its message, or settled already (by an earlier attempt): nothing to change.
      if (!file) return null;
      const [updated] = await tx
        .update(chatMessages)
        .set({
          media: sql`coalesce(${chatMessages.media}, '{}'::jsonb) || ${JSON.stringify({ status: change.status })}::jsonb`,
        })
        .where(eq(chatMessages.id, file.messageId))
        .returning({ id: chatMessages.id, conversationId: chatMessages.conversationId });
      return updated ?? null;
    });
    if (message) await publishChanged(message.id, message.conversationId);
    return message !== null;
  }

  async function fetchAndStore(fileId: string) {
    const [file] = await db
      .select({
        status: mediaFiles.status,
        providerMediaId: mediaFiles.providerMediaId,
        mimeType: mediaFiles.mimeType,
        sha256: mediaFiles.sha256,
      })
      .from(mediaFiles)
      .where(eq(mediaFiles.id, fileId));
    // Gone with its message, or settled by an earlier attempt.
    if (!file || file.status !== 'pending') return;
    if (!file.providerMediaId)
      throw new FinalFailure('no media id to fetch', 'WhatsApp gave no media id for this file.');

    const info = await api.mediaInfo(file.providerMediaId);
    const mimeType = file.mimeType ?? info.mimeType;
    const limit = maxMediaBytes(mimeType);
    if (info.fileSize !== null && info.fileSize > limit) throw tooLarge(info.fileSize, limit);
    const { bytes, contentType } = await api.downloadMedia(info.url);
    if (bytes.byteLength > limit) throw tooLarge(bytes.byteLength, limit);
    const expected = file.sha256 ?? info.sha256;
    // A mismatch is a damaged download as far as we can tell: worth another attempt.
    if (expected && !sameSha256(bytes, expected)) throw new Error('the file does not match the SHA-256 WhatsApp gave');

    const stored = await settle(fileId, { status: 'stored', content: bytes, mimeType: mimeType ?? contentType });
    if (stored) logger.info({ fileId, bytes: bytes.byteLength }, 'WhatsApp media stored');
  }

  return {
    log: { noun: 'WhatsApp media fetch', idKey: 'mediaFileId' },
    isRetryable: isRetryableMediaError,
    async deliver(row) {
      await fetchAndStore((row.payload as WhatsAppMediaDelivery).file_id);
    },
    async onGiveUp(row, error) {
      await settle((row.payload as WhatsAppMediaDelivery).file_id, { status: 'failed', reason: failureReason(error) });
    },
  };
}

/**
 * As for sends, and one more: a download URL answering 404 has expired (they
 * live 5 minutes): the next attempt asks for a new one.
 */
function isRetryableMediaError(error: unknown): boolean {
  const status = (error as { details?: { httpStatus?: number; code?: number } }).details;
  if (status?.httpStatus === 404 && status.code === undefined) return true;
  return isRetryableWhatsAppError(error);
}

function tooLarge(size: number, limit: number) {
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  return new FinalFailure(
    `file of ${size} bytes over the ${limit} limit`,
    `The file is too large to keep (${mb(size)}, at most ${mb(limit)}).`,
  );
}

/** WhatsApp's checksum is base64 in its payloads; hex is accepted too. */
function sameSha256(bytes: Uint8Array, expected: string): boolean {
  const digest = createHash('sha256').update(bytes).digest();
  const given = expected.trim();
  return given.toLowerCase() === digest.toString('hex') || given === digest.toString('base64');
}
