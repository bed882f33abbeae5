import { CHECKIN_QUESTION } from '@app/shared';
import type { Composed, DueItem, ProgrammeDeps } from '../delivery/composers';

/**
 * The check-in question (decision 058): one fixed, scripted question; the
 * web chat draws the 0–10 buttons from its `checkin` ref (the due item's id),
 * and on WhatsApp the member answers with a number.
 */
export async function composeCheckin(_deps: ProgrammeDeps, item: DueItem): Promise<Composed> {
  return { text: CHECKIN_QUESTION, programme: { kind: 'checkin', id: item.deliveryId }, origin: 'scripted' };
}
