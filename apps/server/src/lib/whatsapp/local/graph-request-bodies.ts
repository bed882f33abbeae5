/**
 * The bodies of `POST /{version}/{phone-number-id}/messages` (research
 * whatsapp-cloud-api.md §1.7): what the local provider records as
 * "sent", exactly as the Graph API would have received it.
 */
import type { WhatsAppRecipient, WhatsAppTemplate } from '../whatsapp-api';

/** `to` with the `+` and country code (without it Meta prepends the business's own), or a BSUID as `recipient`. */
function addressed(to: WhatsAppRecipient) {
  const address = to.waId ? { to: `+${to.waId}` } : { recipient: to.bsuid };
  return { messaging_product: 'whatsapp', recipient_type: 'individual', ...address };
}

export function textMessageBody(to: WhatsAppRecipient, body: string) {
  return { ...addressed(to), type: 'text', text: { preview_url: false, body } };
}

export function templateMessageBody(to: WhatsAppRecipient, template: WhatsAppTemplate) {
  return {
    ...addressed(to),
    type: 'template',
    template: { name: template.name, language: { code: template.language } },
  };
}
