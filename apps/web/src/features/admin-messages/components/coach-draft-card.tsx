import { useState } from 'react';
import { Bot } from 'lucide-react';
import { toast } from 'sonner';
import { type ChatMessageDto, type CoachDraftDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api';
import { RelativeTime } from '@/components/relative-time';
import { discardCoachDraft, sendCoachDraft } from '../api/coach';

interface CoachDraftCardProps {
  conversationId: string;
  draft: CoachDraftDto;
  /** The draft went out: the saved message, for the thread. */
  onSent(message: ChatMessageDto): void;
  /** The draft is gone or changed (sent, discarded, or decided by someone else): the header is read again. */
  onSettled(): void;
}

/**
 * The AI's draft waiting for a coach (drafts mode, decision 057): send it as
 * written (still labelled as the AI coach), edit it and send it as the coach's
 * own reply, or discard it. Nothing reaches the member until a coach decides.
 */
export function CoachDraftCard({ conversationId, draft, onSent, onSettled }: CoachDraftCardProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(draft.text);
  const [working, setWorking] = useState<'send' | 'discard' | null>(null);
  const edited = editing && text !== draft.text;

  const send = async () => {
    if (editing && text.trim() === '') return;
    setWorking('send');
    try {
      onSent(await sendCoachDraft(conversationId, draft.id, edited ? text : undefined));
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to send the draft') });
    } finally {
      setWorking(null);
      onSettled();
    }
  };

  const discard = async () => {
    setWorking('discard');
    try {
      await discardCoachDraft(conversationId, draft.id);
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to discard the draft') });
    } finally {
      setWorking(null);
      onSettled();
    }
  };

  const busy = working !== null;
  return (
    <section
      aria-labelledby={`draft-${draft.id}`}
      className="bg-secondary/40 grid gap-3 rounded-lg border border-dashed p-3"
    >
      <p id={`draft-${draft.id}`} className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
        <Bot aria-hidden="true" className="size-4" />
        <span className="text-foreground font-semibold">AI draft — not sent yet</span>
        <span aria-hidden="true">·</span>
        <RelativeTime value={draft.created_at} />
      </p>
      {editing ? (
        <Textarea
          aria-label="Your reply, edited from the AI draft"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          autoFocus
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap">{draft.text}</p>
      )}
      {edited && (
        <p className="text-muted-foreground text-xs">Edited, it is sent as your own reply, not the AI coach’s.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          busy={busy}
          onClick={() => void send()}
          aria-disabled={busy || (editing && text.trim() === '') || undefined}
        >
          Send draft
        </Button>
        {editing ? (
          <Button
            variant="outline"
            size="sm"
            busy={busy}
            onClick={() => {
              setEditing(false);
              setText(draft.text);
            }}
          >
            Cancel edit
          </Button>
        ) : (
          <Button variant="outline" size="sm" busy={busy} onClick={() => setEditing(true)}>
            Edit and send
          </Button>
        )}
        <Button variant="ghost" size="sm" busy={busy} onClick={() => void discard()}>
          Discard draft
        </Button>
      </div>
    </section>
  );
}
