import { Clock } from 'lucide-react';
import type { ConversationWhatsAppDto } from '@app/shared';
import { cn } from '@/lib/cn';
import { useMinuteTick } from '@/lib/realtime/use-minute-tick';
import { windowState } from '../lib/whatsapp-window';

/** Above the reply box of a WhatsApp conversation: whether a reply reaches WhatsApp now, and for how long. */
export function WhatsAppWindowNote({ whatsapp, hasMember }: { whatsapp: ConversationWhatsAppDto; hasMember: boolean }) {
  const now = useMinuteTick();
  const state = windowState(whatsapp, now, hasMember);
  return (
    <p
      className={cn(
        'flex items-start gap-1.5 rounded-md px-2.5 py-1.5 text-xs',
        state.open ? 'bg-secondary/60 text-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      <Clock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{state.text}</span>
    </p>
  );
}
