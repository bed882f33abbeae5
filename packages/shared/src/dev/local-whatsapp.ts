/**
 * The /dev/whatsapp phone (local mode only, this machine only): a simulated
 * WhatsApp user who writes to the business number through the real webhook
 * endpoint, and sees what the local provider "sent" back (decision 056).
 */

/** The phone's voice notes: what a browser records (WebM or Ogg Opus) or a short audio file. */
export const LOCAL_PHONE_AUDIO_TYPES = [
  'audio/ogg; codecs=opus',
  'audio/ogg',
  'audio/webm; codecs=opus',
  'audio/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/amr',
] as const;
export type LocalPhoneAudioType = (typeof LOCAL_PHONE_AUDIO_TYPES)[number];

/** A voice note's size limit on the phone (WhatsApp's own is 16 MB; a dev tool needs less). */
export const LOCAL_PHONE_MAX_AUDIO_BYTES = 1024 * 1024;

/**
 * POST /api/dev/whatsapp/messages: what the phone sends, text or a voice note
 * (`audio`: base64 of the file and its type).
 */
export type LocalPhoneMessageBody = {
  /** The phone's number, digits in international format (its WhatsApp id). */
  phone: string;
  /** The name on the phone's WhatsApp profile. */
  profile_name: string;
} & (
  | { text: string; audio?: never; reply?: never }
  | { audio: { data: string; mime_type: LocalPhoneAudioType }; text?: never; reply?: never }
  | { reply: LocalPhoneReply; text?: never; audio?: never }
);

/**
 * A tap on one of the business's buttons: a reply button of an interactive
 * message (`button_reply`, its id), or a template's quick-reply button
 * (`quick_reply`, its payload). `title` is the button's label.
 */
export type LocalPhoneReply = { kind: 'button_reply' | 'quick_reply'; id: string; title: string };

/**
 * What the webhook endpoint answered the phone's delivery: the status Meta
 * would have seen (200 accepted; anything else Meta would retry).
 */
export type LocalWebhookOutcome = { status: number };

/**
 * POST /api/dev/whatsapp/messages: the message (its id in the thread, which
 * is also a voice note's media id) and what the endpoint answered.
 */
export type LocalPhoneSendDto = { id: string; external_id: string; webhook: LocalWebhookOutcome };

/** POST /api/dev/whatsapp/receipts: what the phone acknowledged. */
export type LocalPhoneReceiptsBody = {
  phone: string;
  external_ids: string[];
  status: 'delivered' | 'read';
};

/**
 * POST /api/dev/whatsapp/receipts: the messages whose receipt moved forward,
 * and the status webhook's outcome (null when nothing moved: no webhook sent).
 */
export type LocalPhoneReceiptsDto = { updated: string[]; webhook: LocalWebhookOutcome | null };

/** How far a message got, as its ticks show it on the phone. */
export type LocalPhoneMessageStatus = 'sent' | 'delivered' | 'read';

/** One message of the phone's thread. */
export type LocalPhoneMessageDto = {
  id: string;
  /** The WhatsApp message id both sides know it by (`wamid.…`). */
  external_id: string;
  /** `in`: the phone wrote it; `out`: the business (the coach) sent it. */
  direction: 'in' | 'out';
  kind: 'text' | 'voice' | 'template';
  /** The text; for a template, its name and language (the phone does not render templates). */
  text: string | null;
  /** A voice note the phone sent, to play back: /api/dev/whatsapp/media/:id. */
  media_url: string | null;
  /** `out`: the buttons the phone can tap (reply buttons, or a template's quick reply), sent back as a `reply`. */
  buttons?: LocalPhoneReply[];
  /** When it was sent (for `in`, the WhatsApp timestamp the webhook carried). */
  at: string;
  /**
   * `out`: what the phone has acknowledged (sent → delivered → read).
   * `in`: `read` once the business marked it read, else `sent`.
   */
  status: LocalPhoneMessageStatus;
};

/** GET /api/dev/whatsapp/phones/:phone: the phone's thread with the business number, oldest first. */
export type LocalPhoneThreadDto = {
  phone: string;
  /** The business number the phone writes to (WHATSAPP_NUMBER). */
  business_number: string;
  messages: LocalPhoneMessageDto[];
};

/** GET /api/dev/whatsapp/phones: the phones that have written or been written to, latest first. */
export type LocalPhoneDto = { phone: string; profile_name: string | null; last_at: string };
