import type { WhatsAppContactDto } from '@app/shared';

/**
 * How a WhatsApp contact is named on screen: `+447700900123 · Sam R.`, the
 * number when WhatsApp shows it (a contact may hide it behind a username) and
 * the name on their WhatsApp profile.
 */
export function contactLabel(contact: WhatsAppContactDto): string {
  const parts = [contact.phone ? `+${contact.phone}` : null, contact.profile_name?.trim() || null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'WhatsApp contact';
}
