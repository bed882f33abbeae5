/**
 * Meta's webhook bodies, as the local phone sends them (research
 * whatsapp-cloud-api.md §1.5 and §1.6): one entry, one `messages` change, and
 * in its value either the phone's message with its contact or the phone's
 * receipts for the business's messages. Built field for field as Meta does,
 * so the endpoint's parser cannot tell the phone from WhatsApp.
 */
import { localBsuid } from './local-ids';

/** The business as a webhook names it: its number's id (what the endpoint checks) and the number shown. */
export type LocalBusiness = { phoneNumberId: string; displayPhoneNumber: string };

/** The WhatsApp Business Account id an entry carries; local mode has one account. */
export const LOCAL_WABA_ID = 'local-waba';

/** A message from the phone: text, or a voice note already stored as media `mediaId`. */
export type PhoneMessage = {
  id: string;
  from: string;
  /** When it was sent: the webhook writes Unix seconds as a string. */
  sentAt: Date;
} & (
  | { type: 'text'; body: string }
  | { type: 'audio'; mediaId: string; mimeType: string; sha256: string }
  /** A tapped reply button (its id) or template quick reply (its payload). */
  | { type: 'reply'; kind: 'button_reply' | 'quick_reply'; replyId: string; title: string }
);

export type PhoneReceipt = { id: string; status: 'delivered' | 'read'; at: Date; recipient: string };

const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

function envelope(business: LocalBusiness, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: LOCAL_WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: business.displayPhoneNumber,
                phone_number_id: business.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** The message object of `value.messages[]`, as WhatsApp writes it. */
export function phoneMessageObject(message: PhoneMessage): Record<string, unknown> {
  const common = {
    from: message.from,
    from_user_id: localBsuid(message.from),
    id: message.id,
    timestamp: unixSeconds(message.sentAt),
  };
  if (message.type === 'text') return { ...common, type: 'text', text: { body: message.body } };
  if (message.type === 'reply') {
    return message.kind === 'quick_reply'
      ? { ...common, type: 'button', button: { payload: message.replyId, text: message.title } }
      : {
          ...common,
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: message.replyId, title: message.title } },
        };
  }
  return {
    ...common,
    type: 'audio',
    audio: { id: message.mediaId, mime_type: message.mimeType, sha256: message.sha256, voice: true },
  };
}

/** The webhook telling the business a phone wrote: its contact (profile name, wa_id, BSUID) and the message. */
export function messageEnvelope(business: LocalBusiness, profileName: string, message: PhoneMessage) {
  return envelope(business, {
    contacts: [{ profile: { name: profileName }, wa_id: message.from, user_id: localBsuid(message.from) }],
    messages: [phoneMessageObject(message)],
  });
}

/**
 * The webhook with the phone's receipts for the business's messages. The
 * first receipt of a message carries its pricing, as Meta's delivered (or,
 * with delivered skipped, read) status does; service replies are free.
 */
export function statusEnvelope(business: LocalBusiness, receipts: (PhoneReceipt & { first: boolean })[]) {
  return envelope(business, {
    statuses: receipts.map((receipt) => ({
      id: receipt.id,
      status: receipt.status,
      timestamp: unixSeconds(receipt.at),
      recipient_id: receipt.recipient,
      ...(receipt.first && {
        pricing: { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' },
      }),
    })),
  });
}
