import { useEffect, useRef, useState } from 'react';
import { Bot, Hand, Pause, Play, ShieldAlert, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { type ConversationCoachDto, type UpdateConversationCoachBody } from '@app/shared';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api';
import { RelativeTime } from '@/components/relative-time';
import { setConversationCoach } from '../api/coach';
import { riskCategoryLabel, riskLevelLabel, WHO_ANSWERS } from '../lib/coach-labels';
import { ReturnToCoachingDialog } from './return-to-coaching-dialog';

type NextState = UpdateConversationCoachBody['state'];

interface CoachControlsProps {
  conversationId: string;
  customerName: string;
  coach: ConversationCoachDto;
  /** The server answered the change: the header takes its new coach side. */
  onChanged(coach: ConversationCoachDto): void;
}

const STATE_ICONS = { on: Bot, paused: Pause, handed_to_human: UserRound, crisis: ShieldAlert } as const;

/**
 * Who answers this conversation now, and a coach's controls over it
 * (decision 057): pause or resume the AI, hand the conversation to a person,
 * and, in a crisis, the notice with what was seen and the only way back to
 * AI coaching (a confirmed choice the server checks).
 */
export function CoachControls({ conversationId, customerName, coach, onChanged }: CoachControlsProps) {
  const [changing, setChanging] = useState<NextState | null>(null);
  const [confirmReturn, setConfirmReturn] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const changedHere = useRef(false);
  // The pressed button may be gone in the new state (Hand to a person, Return to AI coaching):
  // keyboard focus then goes to the line that says who answers now, not to the page's start.
  // Only after a change made here: opening a conversation, or another coach's change, moves nothing.
  useEffect(() => {
    if (!changedHere.current) return;
    changedHere.current = false;
    if (document.activeElement === document.body) status.current?.focus();
  }, [coach.state]);

  const change = async (state: NextState) => {
    setChanging(state);
    try {
      const next = await setConversationCoach(conversationId, state);
      changedHere.current = true;
      onChanged(next);
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to change who answers') });
    } finally {
      setChanging(null);
    }
  };

  const Icon = STATE_ICONS[coach.state];
  const busy = changing !== null;
  return (
    <section aria-label="AI coach" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p ref={status} tabIndex={-1} className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
          <Icon aria-hidden="true" className="text-muted-foreground size-4" />
          {WHO_ANSWERS[coach.state]}
        </p>
        <div className="flex flex-wrap gap-2">
          {coach.state === 'on' && (
            <Button variant="outline" size="sm" busy={busy} onClick={() => void change('paused')}>
              <Pause aria-hidden="true" />
              Pause AI
            </Button>
          )}
          {(coach.state === 'paused' || coach.state === 'handed_to_human') && (
            <Button variant="outline" size="sm" busy={busy} onClick={() => void change('on')}>
              <Play aria-hidden="true" />
              Resume AI
            </Button>
          )}
          {(coach.state === 'on' || coach.state === 'paused') && (
            <Button variant="outline" size="sm" busy={busy} onClick={() => void change('handed_to_human')}>
              <Hand aria-hidden="true" />
              Hand to a person
            </Button>
          )}
        </div>
      </div>
      {coach.state === 'crisis' && <CrisisNotice coach={coach} busy={busy} onReturn={() => setConfirmReturn(true)} />}
      <ReturnToCoachingDialog
        open={confirmReturn}
        customerName={customerName}
        onCancel={() => setConfirmReturn(false)}
        onConfirm={() => {
          setConfirmReturn(false);
          void change('on');
        }}
      />
    </section>
  );
}

/** The crisis notice: rose is for urgent help only (docs/design.md), and the words say it without the colour. */
function CrisisNotice({ coach, busy, onReturn }: { coach: ConversationCoachDto; busy: boolean; onReturn(): void }) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-950">
      <p className="flex items-start gap-2 font-semibold text-rose-900">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {/* One run of text, so "since …" wraps with the words on a narrow screen. */}
        <span>
          Urgent: this member may be at risk
          {coach.urgent_since && (
            <span className="font-normal">
              {' '}
              · since <RelativeTime value={coach.urgent_since} />
            </span>
          )}
        </span>
      </p>
      <p>
        They were sent the crisis help (999, Samaritans, SHOUT, NHS 111) and the AI is stopped here. Please answer them
        yourself now.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Risk</dt>
        <dd>{riskLevelLabel(coach.risk_level)}</dd>
        <dt className="font-medium">Seen</dt>
        <dd>
          {coach.risk_categories.length > 0
            ? coach.risk_categories.map(riskCategoryLabel).join(', ')
            : 'No category named'}
        </dd>
      </dl>
      <Button variant="outline" size="sm" className="justify-self-start bg-white" busy={busy} onClick={onReturn}>
        Return to AI coaching
      </Button>
    </div>
  );
}
