/** A weekly summary in the chat: the week's numbers as a card, with a link to look back. */
export function SummaryInChat(_props: { summaryId: string }) {
  return null;
}
