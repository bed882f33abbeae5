/**
 * The scripted coach's answer (decision 057): the server's coach answers with it
 * when no language model is configured (or in its place), and the demo's coach
 * answers with it in the browser (docs/product.md#demo-mode), so both say the
 * same. Deterministic and offline: the same message in the same context gets
 * the same answer. It acknowledges, offers the member's prompt of the day or a
 * small next step for their focus area, and says a person from the team will
 * see the message (not in the demo, where nobody does). It never echoes the
 * member's words (nothing it says can be steered).
 */

export interface ScriptedInput {
  /** The member's message (only its shape is read: a question, a greeting, thanks). */
  text: string;
  focusArea: { value: string; label: string } | null;
  prompt: { title: string; text: string } | null;
  /** Whether a person from the team reads the conversation too (not in the demo). */
  teamReads?: boolean;
}

/** A small next step per focus area (the seed's values); any other area gets the general one. */
const NEXT_STEPS: Record<string, string> = {
  'finding-direction': 'write down one thing at work that gave you energy this week, and one that drained it',
  'burnout-recovery': 'pick one ten-minute break today, away from screens, and put it in your calendar now',
  'focus-and-priorities':
    'choose the one task that would make tomorrow easier, and give it the first 25 minutes of your day',
  'handling-change': 'note one thing that is staying the same for you, and one question you could ask about the change',
  'setting-boundaries':
    'pick one request this week you could answer with "I can do that on Thursday" instead of "yes, now"',
  'managing-anxiety': 'try three slow breaths, breathing out for longer than you breathe in, before your next meeting',
  'self-compassion': 'ask yourself what you would say to a friend in your place, and write that sentence down',
  perspective:
    'ask yourself how much this will matter in a month, and what you would do differently if it mattered less',
  'work-life-balance': 'choose a time to finish work today, and one small thing to look forward to after it',
  confidence: 'write down one thing you handled well recently, however small, and what it says about you',
  leadership: 'think of one person in your team you could check in with this week, just to ask how they are',
};
const GENERAL_STEP =
  'take five minutes to write down what is on your mind, then circle the one thing you could act on today';

const THANKS = /^\s*(thanks|thank you|cheers|ta|ok thanks|great,? thanks)\b/i;
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/i;

export function scriptedReply(input: ScriptedInput): string {
  const team = input.teamReads ?? true;
  if (THANKS.test(input.text)) {
    return team
      ? 'You are welcome. I am here whenever you want to pick this up again, and a person from our team can see this conversation too.'
      : 'You are welcome. I am here whenever you want to pick this up again.';
  }
  const opening = GREETING.test(input.text)
    ? 'Hello, it is good to hear from you.'
    : 'Thank you for telling me. That sounds like a lot to hold.';
  const offer = input.prompt
    ? `If it helps, today's reflection is "${input.prompt.title}": ${input.prompt.text}`
    : `One small step you could try: ${NEXT_STEPS[input.focusArea?.value ?? ''] ?? GENERAL_STEP}.`;
  const closing = team ? ' A person from our team will also read your message and can pick this up with you.' : '';
  return `${opening} ${offer}${closing}`;
}
