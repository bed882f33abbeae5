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

/** A template as approved in WhatsApp Manager: its name and language code. */
export type WhatsAppTemplate = { name: string; language: string };

/** What Meta answered a media id: a URL valid for 5 minutes, and what the file should be. */
export type WhatsAppMediaInfo = { url: string; mimeType: string; sha256: string | null; fileSize: number | null };

export interface WhatsAppApi {
  /** Sends free-form text (inside the 24-hour window); answers the message id Meta gave it. */
  sendText(to: WhatsAppRecipient, body: string): Promise<{ externalId: string }>;
  /** Sends an approved template (outside the window); answers its message id. */
  sendTemplate(to: WhatsAppRecipient, template: WhatsAppTemplate): Promise<{ externalId: string }>;
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
