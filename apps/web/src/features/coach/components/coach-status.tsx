import { useEffect, useRef } from 'react';
import { UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { coachAcknowledgement, conversationChannel } from '@app/shared';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-request';
import { useMember } from '@/lib/member-api/member-api';
import { useRealtimeChannel } from '@/lib/realtime/realtime';
import { useMemberCoach, useRefreshMemberCoach, useTalkToPerson } from '../api/member-coach';
import type { ChatConversation } from '../lib/chat-conversation';
import { UrgentHelp } from './urgent-help';

/**
 * Under the composer (issue 26): who answers the member's messages, said
 * plainly ("Your AI coach will answer in a few seconds." or a person within a
 * working day), "Talk to a person" to leave the AI at any time, and
 * "Need urgent help?". Read again when the conversation's automation changes
 * and after each message the member sends.
 */
export function CoachStatus({ conversation }: { conversation: ChatConversation }) {
  const member = useMember();
  const coach = useMemberCoach();
  const refresh = useRefreshMemberCoach();
  const talkToPerson = useTalkToPerson();

  useRealtimeChannel(conversation.id ? conversationChannel(conversation.id) : null, {
    onFrame: (frame) => {
      if (frame.type === 'automation') void refresh();
    },
  });
  // A message may have changed who answers (a crisis hands it to a person at once).
  const lastSent = useRef(conversation.sent);
  useEffect(() => {
    if (conversation.sent === lastSent.current) return;
    lastSent.current = conversation.sent;
    void refresh();
  }, [conversation.sent, refresh]);

  // The demo has nobody behind it: no promise about who answers.
  const answeredBy = member?.demo ? null : coach.data?.answered_by;
  const canAsk = answeredBy === 'ai' && !talkToPerson.isPending;

  const askForPerson = () => {
    if (!canAsk) return;
    talkToPerson.mutate(undefined, {
      onError: (error) =>
        toast.error('Could not reach the team', {
          description: serverMessageOr(error, 'Please try again in a moment.'),
        }),
    });
  };

  return (
    <div className="grid gap-2">
      <p role="status" className="text-muted-foreground min-h-5 text-sm">
        {answeredBy && coachAcknowledgement(answeredBy)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {!member?.demo && (
          <Button
            variant="outline"
            size="sm"
            busy={talkToPerson.isPending}
            aria-disabled={!canAsk || undefined}
            onClick={askForPerson}
          >
            <UserRound aria-hidden="true" />
            Talk to a person
          </Button>
        )}
        <UrgentHelp />
      </div>
    </div>
  );
}
