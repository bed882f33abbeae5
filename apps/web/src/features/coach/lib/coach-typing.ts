/**
 * "AI coach is typing…" (issue 26, the first sign of life): shown from a
 * `coach_typing` frame until the team's next message arrives, the
 * conversation's automation changes, or the line has stood long enough that
 * no answer is coming from this attempt. A pure reducer, so tests drive it
 * with frames and never wait.
 */
export type CoachTyping = { typing: false } | { typing: true; since: number };

export type CoachTypingEvent =
  | { type: 'coach_typing'; at: number }
  /** A message from the team's side arrived (the answer, a coach's reply, the fixed safety text). */
  | { type: 'team_message' }
  /** The conversation was paused, handed to a person or put in crisis: the AI is not answering. */
  | { type: 'automation' }
  /** Checked now and then: a line older than TYPING_SHOWN_MS goes. */
  | { type: 'tick'; at: number };

/** How long the line stays without an answer: the model's timeout and a scripted fallback fit well inside. */
export const TYPING_SHOWN_MS = 30_000;

export const NOT_TYPING: CoachTyping = { typing: false };

export function coachTypingReducer(state: CoachTyping, event: CoachTypingEvent): CoachTyping {
  switch (event.type) {
    case 'coach_typing':
      return { typing: true, since: event.at };
    case 'team_message':
    case 'automation':
      return NOT_TYPING;
    case 'tick':
      return state.typing && event.at - state.since >= TYPING_SHOWN_MS ? NOT_TYPING : state;
  }
}
