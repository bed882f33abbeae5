/**
 * Saying the coach is an AI (decision 057; research §9 item 14; NY GBL Art.
 * 47, California SB 243, Utah 13-72a, EU AI Act Art. 50): at the start of a
 * conversation, again after three hours, and whenever the member asks.
 */

export const AI_DISCLOSURE = "I'm Calm Space's AI coach, an AI and not a person.";

/** How long a disclosure lasts: the next AI message after this says it again. */
export const DISCLOSURE_EVERY_MS = 3 * 60 * 60_000;

/** The answer to "are you a bot / human / real?": fixed, never the model's. */
export const ARE_YOU_HUMAN_REPLY =
  "I'm Calm Space's AI coach: an AI, not a person, and not a therapist. A person from our team can read this conversation, and if you would like to talk to one, just write HELP.";

/** Whether this AI message must start with the disclosure: never said, or said more than three hours ago. */
export function disclosureDue(lastDisclosedAt: Date | null, now: Date): boolean {
  return !lastDisclosedAt || now.getTime() - lastDisclosedAt.getTime() >= DISCLOSURE_EVERY_MS;
}

export function withDisclosure(text: string): string {
  return `${AI_DISCLOSURE} ${text}`;
}
