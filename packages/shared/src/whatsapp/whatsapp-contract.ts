/**
 * The WhatsApp bridge's contract (decision 056): how a member's WhatsApp
 * contact is linked and shown, and the 24-hour window in which a free-form
 * reply can reach WhatsApp.
 */

/** WhatsApp lets a business send free-form messages for 24 hours after the person's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What a link reference looks like in a greeting: `CS-` and eight letters or digits. */
export const LINK_REFERENCE_PREFIX = 'CS-';
/** Crockford's base 32 (no I, L, O, U): easy to read aloud and never confused with digits. */
export const LINK_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LINK_REFERENCE_LENGTH = 8;
const REFERENCE_IN_TEXT = new RegExp(
  `(?:^|[^0-9A-Z])${LINK_REFERENCE_PREFIX}([${LINK_REFERENCE_ALPHABET}]{${LINK_REFERENCE_LENGTH}})(?![0-9A-Z])`,
  'i',
);

/** The greeting of a chat link with the member's reference at its end, e.g. `… Where do we begin? (ref CS-7F3K9QWX)`. */
export function greetingWithReference(greeting: string, reference: string | null | undefined): string {
  return reference ? `${greeting} (ref ${reference})` : greeting;
}

/**
 * The reference code in a message, upper-cased, wherever it is and in any case
 * (the person may have edited the prefilled text around it); null when none.
 */
export function findLinkReference(text: string): string | null {
  const match = REFERENCE_IN_TEXT.exec(text);
  return match ? match[1]!.toUpperCase() : null;
}

/** A WhatsApp contact as the member and admins see it. */
export type WhatsAppContactDto = {
  contact_id: string;
  /** Digits in international format; null when WhatsApp withholds the number (a username). */
  phone: string | null;
  /** The name on the person's WhatsApp profile. */
  profile_name: string | null;
  /** When it was linked to the member; null for a contact linked to nobody. */
  linked_at: string | null;
};

/**
 * A conversation's WhatsApp side, in the admin pane's header
 * (ConversationCustomerDto.whatsapp): null when no contact writes in it.
 */
export type ConversationWhatsAppDto = {
  contact: WhatsAppContactDto;
  /**
   * Until when a free-form reply reaches WhatsApp (24 hours after the
   * person's last message, by WhatsApp's clock); null when they have never
   * written. A time in the past: the window is closed.
   */
  window_closes_at: string | null;
  /**
   * Whether a reply outside the window sends the configured template
   * (WHATSAPP_REPLY_TEMPLATE) to tell the person a reply is waiting.
   */
  reply_template: boolean;
};

/**
 * GET /api/me/whatsapp: the member's reference for chat links, and the linked
 * contact if any. DELETE /api/me/whatsapp unlinks it (answers the same shape,
 * with `contact: null` and a new reference).
 */
export type MemberWhatsAppDto = {
  /** `CS-…`: put in every chat link's greeting (greetingWithReference). */
  reference: string;
  contact: WhatsAppContactDto | null;
};

/**
 * POST /api/admin/conversations/:conversationId/whatsapp-link: body. Links the
 * conversation's contact (one linked to nobody) to a member; its messages move
 * to the member's conversation, whose header is answered.
 */
export type LinkWhatsAppContactBody = { member_id: string };
