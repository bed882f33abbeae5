import type { WhatsAppContactDto } from '@app/shared';
import { WhatsAppMark } from '@/components/chat/whatsapp-mark';
import { contactLabel } from '@/lib/whatsapp/contact-label';

/** The pane header's WhatsApp line: who writes in this conversation on WhatsApp. */
export function WhatsAppContactLine({ contact }: { contact: WhatsAppContactDto }) {
  return (
    <p className="text-muted-foreground flex w-full items-center gap-1.5 text-sm">
      <WhatsAppMark label="WhatsApp" />
      <span>{contactLabel(contact)}</span>
    </p>
  );
}
