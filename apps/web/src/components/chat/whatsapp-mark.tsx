import { MessageCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The small mark of WhatsApp: on a message written or delivered there ("via
 * WhatsApp"), beside a contact's number. A speech bubble rather than
 * WhatsApp's logo; its name says what it means.
 */
export function WhatsAppMark({ label = 'via WhatsApp', className }: { label?: string; className?: string }) {
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex', className)}>
      <MessageCircle aria-hidden="true" className="text-success size-3.5" />
    </span>
  );
}
