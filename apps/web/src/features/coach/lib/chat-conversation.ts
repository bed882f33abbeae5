/** What the chat tells the coach's pieces beside it about its conversation (the route hands it over). */
export interface ChatConversation {
  /** Known with the chat's first page; null before, and in the demo (no channel to join). */
  id: string | null;
  /** The newest message from the team's side held: an answer ends "AI coach is typing…". */
  lastTeamMessageId: string | null;
  /** How many messages the member sent from this screen: each may change who answers next. */
  sent: number;
}
