/** A step in the chat: its buttons (accept, swap, done, not done) while it is open, its outcome after. */
export function StepInChat(_props: { stepId: string }) {
  return null;
}
