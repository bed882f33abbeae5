import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatMessages, conversations } from './chat';

/** Binary content (PostgreSQL bytea), read and written as bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A person who wrote to our WhatsApp number (decision 056). Known by the
 * WhatsApp id Meta sends (`wa_id`, usually the phone number's digits) and by
 * the business-scoped user id (`bsuid`, `contacts[].user_id`), which Meta sends
 * since 2026 and which may come alone when the person hides their number
 * behind a username. At most one contact per member, one member per contact.
 *
 * `conversation_id` is where the contact's messages go: the member's
 * conversation once linked, else the contact's own (a conversation with no
 * member, labelled with `profile_name`). Null after an unlink: the next
 * message opens a new one.
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    waId: text('wa_id').unique('whatsapp_contacts_wa_id_unique'),
    bsuid: text('bsuid').unique('whatsapp_contacts_bsuid_unique'),
    /** Digits in international format, when Meta showed the number. */
    phone: text('phone'),
    profileName: text('profile_name'),
    /** Deleting the member's account deletes the contact: its number goes with the account. */
    memberId: text('member_id')
      .unique('whatsapp_contacts_member_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** How the link was made: the member's reference in a message, or an admin. */
    linkedBy: text('linked_by', { enum: ['reference', 'admin'] }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /**
     * The WhatsApp timestamp of the contact's latest message (not when we
     * received it: Meta redelivers for days): the 24-hour window runs from here.
     */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** The id of that message, which a read receipt or typing indicator names. */
    lastInboundExternalId: text('last_inbound_external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_contacts_conversation_idx').on(t.conversationId),
    check('whatsapp_contacts_identified', sql`${t.waId} is not null or ${t.bsuid} is not null`),
    check('whatsapp_contacts_linked_by_valid', sql`${t.linkedBy} is null or ${t.linkedBy} in ('reference', 'admin')`),
    check('whatsapp_contacts_link_complete', sql`(${t.memberId} is null) = (${t.linkedAt} is null)`),
  ],
);

/**
 * Each member's reference for linking a WhatsApp contact (decision 056): put
 * in every chat link's greeting, matched in any inbound message. Replaced
 * once used or when the member unlinks, so a forwarded old link links nobody.
 */
export const whatsappLinkCodes = pgTable('whatsapp_link_codes', {
  memberId: text('member_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Upper case, e.g. `7F3K9QWX`; written in greetings as `CS-7F3K9QWX`. */
  code: text('code').notNull().unique('whatsapp_link_codes_code_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const MEDIA_FILE_STATUSES = ['pending', 'stored', 'failed'] as const;
export type MediaFileStatus = (typeof MEDIA_FILE_STATUSES)[number];

/**
 * A message's attachment, kept by us (decision 056): WhatsApp's media ids
 * expire in 7 days and its URLs in 5 minutes, so a voice note or image is
 * fetched at once and served from here, only to the conversation's member and
 * admins. Written `pending` with the message; the outbox's `whatsapp_media`
 * delivery fetches it (with retries) and fills `content`.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The provider's media id, for fetching. */
    providerMediaId: text('provider_media_id'),
    mimeType: text('mime_type'),
    /** The provider's checksum (base64 SHA-256), checked against what was fetched. */
    sha256: text('sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    content: bytea('content'),
    status: text('status', { enum: MEDIA_FILE_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (t) => [
    index('media_files_message_idx').on(t.messageId),
    check('media_files_status_valid', sql`${t.status} in ('pending', 'stored', 'failed')`),
    check('media_files_stored_has_content', sql`${t.status} <> 'stored' or ${t.content} is not null`),
  ],
);

/**
 * Local mode's WhatsApp (decision 056): what the local provider "sent" instead
 * of calling Meta, and the media a simulated phone uploaded, so the
 * /dev/whatsapp phone shows the coach's replies and the bridge fetches voice
 * notes the way it does from Meta. Never written in production.
 */
export const whatsappLocalMessages = pgTable(
  'whatsapp_local_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `out`: sent by the bridge to the phone; `in`: sent by the phone to the bridge. */
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    /** The phone's WhatsApp id (digits). */
    phone: text('phone').notNull(),
    /** The WhatsApp message id (`wamid.…`) each side knows the message by. */
    externalId: text('external_id').notNull().unique('whatsapp_local_messages_external_id_unique'),
    /** The request body as the Graph API would have received it, or the message as the phone sent it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Receipt state as the phone would report it for outbound messages: sent, delivered, read. */
    status: text('status'),
    /** Media a phone uploaded (a voice note), served by the local provider's media fetch. */
    mimeType: text('mime_type'),
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_local_messages_phone_idx').on(t.phone, t.createdAt),
    check('whatsapp_local_messages_direction_valid', sql`${t.direction} in ('in', 'out')`),
  ],
);
