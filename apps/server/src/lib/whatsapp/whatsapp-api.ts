/**
 * What the bridge asks of WhatsApp (decision 056), whoever answers: Meta's
 * Graph API (graph-client.ts), or in local mode the local provider
 * (local-provider.ts), which records what it would have sent for the
 * /dev/whatsapp phone. The code above this interface is the same for both.
 */

/**
 * Whom a message goes to. Meta now sends a business-scoped user id (BSUID)
 * and may withhold the number: a contact with a wa_id is sent `to` it, one
 * with only a BSUID is sent as `recipient` (a BSUID in `to` is accepted and
 * silently dropped by Meta).
 */
export type WhatsAppRecipient = { waId: string | null; bsuid: string | null };

/** A reply button: `id` (at most 256 characters) comes back when tapped; `title` at most 20 characters. */
export type ReplyButton = { id: string; title: string };

/** WhatsApp's limits on reply buttons (interactive messages of type `button`). */
export const REPLY_BUTTON_LIMITS = { count: 3, titleChars: 20, idChars: 256, bodyChars: 1024 } as const;

/** A template as approved in WhatsApp Manager: its name and language code. */
export type WhatsAppTemplate = { name: string; language: string };

/** What Meta answered a media id: a URL valid for 5 minutes, and what the file should be. */
export type WhatsAppMediaInfo = { url: string; mimeType: string; sha256: string | null; fileSize: number | null };

export interface WhatsAppApi {
  /** Sends free-form text (inside the 24-hour window); answers the message id Meta gave it. */
  sendText(to: WhatsAppRecipient, body: string): Promise<{ externalId: string }>;
  /**
   * Sends free-form text with up to 3 reply buttons (an `interactive` message
   * of type `button`, inside the window): a tap comes back as an
   * `interactive.button_reply` message carrying the button's id.
   */
  sendInteractive(to: WhatsAppRecipient, body: string, buttons: ReplyButton[]): Promise<{ externalId: string }>;
  /**
   * Sends an approved template (outside the window); answers its message id.
   * `quickReplyPayload`: the payload of its first quick-reply button, which
   * comes back as a `button` message when tapped.
   */
  sendTemplate(
    to: WhatsAppRecipient,
    template: WhatsAppTemplate,
    options?: { quickReplyPayload?: string },
  ): Promise<{ externalId: string }>;
  /** Marks the person's message (and those before it) read; with `typing`, shows the typing indicator for up to 25 s. */
  markRead(externalId: string, options?: { typing?: boolean }): Promise<void>;
  /** Looks up a media id from a webhook (they expire after 7 days). */
  mediaInfo(mediaId: string): Promise<WhatsAppMediaInfo>;
  /** Downloads the file at a media URL (with the bearer token; the URL expires after 5 minutes). */
  downloadMedia(url: string): Promise<{ bytes: Uint8Array; contentType: string | null }>;
}

/**
 * A refusal or failure from the Graph API, as its error object says (code,
 * title, details, fbtrace_id), or a network failure (no http status). The
 * outbox reads `code` to decide whether to retry (whatsapp-errors.ts).
 */
export class WhatsAppApiError extends Error {
  constructor(
    message: string,
    readonly details: {
      /** The HTTP status; undefined when no answer came (a network error or a timeout). */
      httpStatus?: number;
      /** Meta's error code (131047, 131056, …). */
      code?: number;
      title?: string;
      detail?: string;
      fbtraceId?: string;
      /** The request may have reached Meta (a timeout after sending): check before sending again. */
      outcomeUnknown?: boolean;
    },
  ) {
    super(message);
  }
}
