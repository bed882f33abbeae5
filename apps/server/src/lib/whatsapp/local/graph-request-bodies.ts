/**
 * The bodies of `POST /{version}/{phone-number-id}/messages` (research
 * whatsapp-cloud-api.md §1.7): what the local provider records as
 * "sent", exactly as the Graph API would have received it.
 */
import type { ReplyButton, WhatsAppRecipient, WhatsAppTemplate } from '../whatsapp-api';

/** `to` with the `+` and country code (without it Meta prepends the business's own), or a BSUID as `recipient`. */
function addressed(to: WhatsAppRecipient) {
  const address = to.waId ? { to: `+${to.waId}` } : { recipient: to.bsuid };
  return { messaging_product: 'whatsapp', recipient_type: 'individual', ...address };
}

export function textMessageBody(to: WhatsAppRecipient, body: string) {
  return { ...addressed(to), type: 'text', text: { preview_url: false, body } };
}

/** Text with reply buttons: an `interactive` message of type `button` (§1.7). */
export function interactiveMessageBody(to: WhatsAppRecipient, body: string, buttons: ReplyButton[]) {
  return {
    ...addressed(to),
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: body },
      action: { buttons: buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
    },
  };
}

/** A template; with `quickReplyPayload`, the payload its first quick-reply button sends back when tapped. */
export function templateMessageBody(
  to: WhatsAppRecipient,
  template: WhatsAppTemplate,
  options: { quickReplyPayload?: string } = {},
) {
  return {
    ...addressed(to),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      ...(options.quickReplyPayload !== undefined && {
        components: [
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: options.quickReplyPayload }],
          },
        ],
      }),
    },
  };
}
