import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from './chat-contract';

/**
 * Saved replies (decision 062): the coaching team's library of reply
 * snippets, offered in the admin's message box by typing `/`. Admins edit
 * them; `{first_name}` in a reply becomes the person's first name when it is
 * inserted.
 */

export const SAVED_REPLY_TITLE_MAX_LENGTH = 80;
/** Room is left for the first name and a few words around the reply, under CHAT_MESSAGE_MAX_LENGTH. */
export const SAVED_REPLY_BODY_MAX_LENGTH = CHAT_MESSAGE_MAX_LENGTH - 1000;
/** How many saved replies the library holds at most: a picker past this is a list nobody reads. */
export const SAVED_REPLIES_MAX = 200;
/** The one placeholder a reply may hold. */
export const FIRST_NAME_PLACEHOLDER = '{first_name}';
/** What `{first_name}` becomes when the person has no name we can use. */
export const FIRST_NAME_FALLBACK = 'there';

export const SAVED_REPLY_DUPLICATE_MESSAGE = 'A saved reply with this title already exists';
export const SAVED_REPLIES_FULL_MESSAGE = `The library holds at most ${SAVED_REPLIES_MAX} saved replies: delete one first`;

/** One saved reply, as GET /api/admin/saved-replies lists it. */
export type SavedReplyDto = {
  id: string;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
};

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(SAVED_REPLY_TITLE_MAX_LENGTH, `Title must be at most ${SAVED_REPLY_TITLE_MAX_LENGTH} characters`);
const body = z
  .string('Reply is required')
  .trim()
  .min(1, 'Reply is required')
  .max(SAVED_REPLY_BODY_MAX_LENGTH, `Reply must be at most ${SAVED_REPLY_BODY_MAX_LENGTH} characters`)
  // Another {word} would be sent as typed: say so now rather than in a member's chat.
  .refine(
    (text) => (text.match(/\{[^{}]*\}/g) ?? []).every((p) => p === FIRST_NAME_PLACEHOLDER),
    `The only placeholder is ${FIRST_NAME_PLACEHOLDER}`,
  );

/** POST /api/admin/saved-replies. */
export const savedReplyCreateSchema = z.strictObject({ title, body });
/** PATCH /api/admin/saved-replies/:id: what changes. */
export const savedReplyUpdateSchema = z
  .strictObject({ title: title.optional(), body: body.optional() })
  .refine((input) => input.title !== undefined || input.body !== undefined, {
    message: 'Give a title or a reply',
    path: ['title'],
  });

/** What the inbox shows for a person without a name (the server's UNKNOWN_USER, UNKNOWN_CONTACT): not names. */
const NAME_STAND_INS = new Set(['unknown user', 'unknown contact']);

/** The first word of a person's name, or FIRST_NAME_FALLBACK. */
export function firstNameOf(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '' || NAME_STAND_INS.has(trimmed.toLowerCase())) return FIRST_NAME_FALLBACK;
  return trimmed.split(/\s+/)[0]!;
}

/** A saved reply as it goes into the message box: `{first_name}` filled in. */
export function fillSavedReply(body: string, personName: string | null | undefined): string {
  return body.split(FIRST_NAME_PLACEHOLDER).join(firstNameOf(personName));
}
