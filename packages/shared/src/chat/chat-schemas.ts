import { z } from 'zod';
import { MESSAGE_DELIVERY_STATUSES } from '../realtime/events';
import { AUTOMATION_ORIGINS } from '../coach/coach-contract';
import { PROGRAMME_MESSAGE_KINDS } from '../programme/programme-contract';
import {
  CONVERSATION_FILTERS,
  CONVERSATION_SORTS,
  CHAT_MESSAGE_MAX_LENGTH,
  CLIENT_ID_PATTERN,
  MESSAGE_AUTHOR_KINDS,
  MEDIA_STATUSES,
  MESSAGE_CHANNELS,
  MESSAGE_TYPES,
  type ChatMessageDto,
} from './chat-contract';

/**
 * Request shapes of the coach chat (chat-contract.ts). The server validates
 * with these; the web app's message box may check the same rules first.
 */

export const CHAT_MESSAGE_BLANK_MESSAGE = 'Message cannot be empty';
export const CHAT_MESSAGE_TOO_LONG_MESSAGE = `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`;

/** A message as sent: trimmed, not blank, at most CHAT_MESSAGE_MAX_LENGTH characters once trimmed. */
export const chatMessageSchema = z
  .string(CHAT_MESSAGE_BLANK_MESSAGE)
  .trim()
  .min(1, CHAT_MESSAGE_BLANK_MESSAGE)
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_TOO_LONG_MESSAGE);

export const CLIENT_ID_MESSAGE = 'Must be 1 to 64 letters, digits, - or _';

/** POST /api/me/messages and POST /api/admin/conversations/:conversationId/messages. */
export const sendChatMessageSchema = z.strictObject({
  message: chatMessageSchema,
  client_id: z.string(CLIENT_ID_MESSAGE).regex(CLIENT_ID_PATTERN, CLIENT_ID_MESSAGE).optional(),
});

const messageId = z.uuid('Must be a message id');

/** ?before=<id> (older page) or ?after=<id> (catch-up), at most one of them. */
export const chatPageQuerySchema = z
  .object({ before: messageId.optional(), after: messageId.optional() })
  .refine((q) => !(q.before && q.after), { message: 'Give before or after, not both', path: ['after'] });

export const CONVERSATION_SEARCH_MAX_LENGTH = 200;

/** GET /api/admin/conversations?search=&page= (1-based). */
export const conversationListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(CONVERSATION_SEARCH_MAX_LENGTH, `Search must be at most ${CONVERSATION_SEARCH_MAX_LENGTH} characters`)
    .default(''),
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, 'Page must be between 1 and 10000')
    .max(10_000, 'Page must be between 1 and 10000')
    .default(1),
  filter: z.enum(CONVERSATION_FILTERS, { error: 'Filter must be all, mine or unassigned' }).default('all'),
  sort: z.enum(CONVERSATION_SORTS, { error: 'Sort must be unread or waiting' }).default('unread'),
});

/** PUT /api/admin/conversations/:conversationId/assignee: a coach's id, or null to unassign. */
export const assignConversationSchema = z.object({
  coach_id: z.string('Give the coach to assign, or null').trim().min(1, 'Give the coach to assign, or null').nullable(),
});

/**
 * A message as the server sends it (ChatMessageDto): the web app parses the
 * realtime frames that carry one with this. Typed against the DTO, so the
 * two cannot drift apart.
 */
export const chatMessageDtoSchema: z.ZodType<ChatMessageDto> = z.object({
  id: z.string(),
  conversation_id: z.string(),
  member_id: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  author: z.enum(MESSAGE_AUTHOR_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  type: z.enum(MESSAGE_TYPES),
  status: z.enum(MESSAGE_DELIVERY_STATUSES),
  client_id: z.string().nullable(),
  is_admin_message: z.boolean(),
  sender_left: z.boolean(),
  author_name: z.string().nullable(),
  author_id: z.string().nullable(),
  read_at: z.string().nullable(),
  media: z
    .object({
      url: z.string().nullable(),
      status: z.enum(MEDIA_STATUSES),
      mime_type: z.string().nullable(),
      caption: z.string().nullable(),
      voice: z.boolean(),
      provider_type: z.string().nullable(),
    })
    .nullable(),
  reaction: z.string().nullable(),
  failure_reason: z.string().nullable(),
  origin: z.enum(AUTOMATION_ORIGINS).nullable(),
  programme: z.object({ kind: z.enum(PROGRAMME_MESSAGE_KINDS), id: z.string() }).nullable(),
});
