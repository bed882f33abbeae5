/** The answer of one check-in in the chat: 0–10 and a note, or what the member answered. */
export function CheckinInChat(_props: { deliveryId: string }) {
  return null;
}
