import { useEffect, useReducer } from 'react';
import { conversationChannel } from '@app/shared';
import { useRealtimeChannel } from '@/lib/realtime/realtime';
import { coachTypingReducer, NOT_TYPING, TYPING_SHOWN_MS } from '../lib/coach-typing';
import type { ChatConversation } from '../lib/chat-conversation';

/**
 * "AI coach is typing…" under the member's messages, from the conversation's
 * `coach_typing` frame until the team's next message (or an automation
 * change) arrives. The live region is always there, so the line is announced
 * when it appears.
 */
export function CoachTypingLine({ conversation }: { conversation: ChatConversation }) {
  const [state, dispatch] = useReducer(coachTypingReducer, NOT_TYPING);
  useRealtimeChannel(conversation.id ? conversationChannel(conversation.id) : null, {
    onFrame: (frame) => {
      if (frame.type === 'coach_typing') dispatch({ type: 'coach_typing', at: Date.now() });
      else if (frame.type === 'automation') dispatch({ type: 'automation' });
    },
  });

  // The thread's newest message from the team changed: the answer (or a person) is here.
  const { lastTeamMessageId } = conversation;
  useEffect(() => {
    if (lastTeamMessageId) dispatch({ type: 'team_message' });
  }, [lastTeamMessageId]);

  // No answer after a while: this attempt is over (the scripted coach or a person takes it from here).
  useEffect(() => {
    if (!state.typing) return;
    const timer = setTimeout(() => dispatch({ type: 'tick', at: Date.now() }), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <p role="status" aria-live="polite" className="text-muted-foreground min-h-5 text-sm">
      {state.typing && 'AI coach is typing…'}
    </p>
  );
}
