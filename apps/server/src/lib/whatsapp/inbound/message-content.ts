import type { MessageMedia, MessageType } from '@app/shared';
import type { WhatsAppMessageItem } from './webhook-events';

/**
 * What a WhatsApp message becomes in a conversation (decision 056). Every kind
 * is kept: text and replies as text, voice notes, audio and images as media
 * fetched after the message is stored, reactions and number changes as
 * changes to what is there, anything else as an "unsupported message" that
 * names its kind.
 */

export const UNSUPPORTED_MESSAGE_TEXT = 'Unsupported message';

/** An attachment to fetch from WhatsApp (its media id lasts 7 days): stored pending with the message. */
export interface MediaToFetch {
  providerMediaId: string;
  mimeType: string;
  sha256: string | null;
  voice: boolean;
  caption: string | null;
}

export type InboundContent =
  | {
      kind: 'message';
      type: MessageType;
      text: string;
      media: Omit<MessageMedia, 'file_id' | 'status'> | null;
      fetch: MediaToFetch | null;
      /** A tapped button's id (interactive reply) or payload (template quick reply): what we put on it. */
      quickReply?: string;
    }
  | { kind: 'reaction'; targetExternalId: string; emoji: string | null }
  | { kind: 'number_changed'; newWaId: string | null; body: string | null };

type Media = { id: string; mime_type: string; sha256?: string; caption?: string; voice?: boolean };

/** The fields of the kinds read here, as the webhook reader checked them (its KIND_SCHEMAS). */
type KnownFields = {
  text: { body: string };
  button: { text: string; payload?: string };
  interactive: {
    type: string;
    button_reply?: { id?: string; title: string };
    list_reply?: { id?: string; title: string };
  };
  audio: Media;
  image: Media;
  reaction: { message_id: string; emoji?: string };
  system: { type?: string; body?: string; wa_id?: string };
};

/** The message's content; the webhook reader (webhook-events.ts) has checked the fields of each kind read here. */
export function contentOf(message: WhatsAppMessageItem): InboundContent {
  // Each field is read only under its own type, which the reader has checked.
  const m = message as unknown as KnownFields;
  switch (message.type) {
    case 'text':
      return textMessage(m.text.body);
    case 'button':
      // A tap on a template's quick-reply button: its label is what the person said, its payload what it means.
      return withQuickReply(textMessage(m.button.text), m.button.payload);
    case 'interactive': {
      const reply = m.interactive.button_reply ?? m.interactive.list_reply;
      return reply
        ? withQuickReply(textMessage(reply.title), reply.id)
        : unsupported(`interactive.${m.interactive.type}`);
    }
    case 'audio':
      return mediaMessage('audio', m.audio);
    case 'image':
      return mediaMessage('image', m.image);
    case 'reaction':
      return { kind: 'reaction', targetExternalId: m.reaction.message_id, emoji: m.reaction.emoji || null };
    case 'system':
      if (m.system.type === 'user_changed_number' || m.system.wa_id) {
        return { kind: 'number_changed', newWaId: m.system.wa_id ?? null, body: m.system.body ?? null };
      }
      return unsupported(`system.${m.system.type ?? 'unknown'}`);
    default:
      return unsupported(message.type);
  }
}

/** A text message's text; an empty one (all spaces) is kept as unsupported rather than refused by the database. */
function textMessage(body: string): InboundContent {
  if (!body.trim()) return unsupported('empty_text');
  return { kind: 'message', type: 'text', text: body, media: null, fetch: null };
}

function withQuickReply(content: InboundContent, id: string | undefined): InboundContent {
  return content.kind === 'message' && id ? { ...content, quickReply: id } : content;
}

function mediaMessage(type: 'audio' | 'image', media: Media): InboundContent {
  const voice = type === 'audio' && media.voice === true;
  const caption = media.caption ?? null;
  return {
    kind: 'message',
    type,
    // Only text is required to say something (chat_messages_not_blank): a voice note has no words.
    text: caption ?? '',
    media: { mime_type: media.mime_type, voice, ...(caption !== null && { caption }) },
    fetch: { providerMediaId: media.id, mimeType: media.mime_type, sha256: media.sha256 ?? null, voice, caption },
  };
}

function unsupported(providerType: string): InboundContent {
  return {
    kind: 'message',
    type: 'other',
    text: UNSUPPORTED_MESSAGE_TEXT,
    media: { provider_type: providerType.slice(0, 64) },
    fetch: null,
  };
}

/** The words of a message a reference may hide in: text, a button's or reply's label, an image's caption. */
export function searchableText(content: InboundContent): string {
  if (content.kind !== 'message') return '';
  return content.type === 'other' ? '' : content.text;
}
