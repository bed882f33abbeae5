/**
 * What a member's message asks of the coach itself (decision 057), read by
 * fixed patterns so the answer never depends on a model: a person instead of
 * the AI, or whether they are talking to a machine.
 */

const ASKS_IF_HUMAN =
  /\b(are|r) (you|u) (a |an )?(real|human|person|bot|robot|ai|machine|computer|chat ?bot|real person|actual person)\b|\b(am i|i am|i'm) (talking|speaking|chatting) (to|with) (a |an )?(real|human|person|bot|robot|ai|machine|computer)\b|\bis (this|that) (a |an )?(real person|human|bot|robot|ai)\b/i;

/** Whether the member asks if they are talking to a person or a machine. */
export function asksIfHuman(text: string): boolean {
  return ASKS_IF_HUMAN.test(text.replace(/[’‘]/g, "'"));
}

/** "HELP", "human", "a person please" and the like, alone: the member wants a person, not the AI. */
const WANTS_A_PERSON =
  /^\s*(help|human|person|a person|agent|real person|a human|talk to a (person|human)|speak to (a|someone) (person|human)?|i want a (person|human))\s*(please|pls)?\s*[.!?]*\s*$/i;

export function asksForAPerson(text: string): boolean {
  return WANTS_A_PERSON.test(text);
}
