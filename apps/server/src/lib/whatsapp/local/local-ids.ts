import { randomUUID } from 'node:crypto';

/** A WhatsApp message id in local mode: never one Meta would give (`wamid.HBgL…`), so never confused with one. */
export const localMessageId = () => `wamid.local.${randomUUID()}`;

/**
 * The phone's business-scoped user id, as Meta sends it since 2026 beside the
 * wa_id (`contacts[].user_id`, `messages[].from_user_id`): a country prefix
 * and letters or digits. Derived from the number, so a phone keeps its id.
 */
export const localBsuid = (phone: string) => `ZZ.${phone}`;

/** The number behind a local BSUID, for a send addressed by BSUID alone; null for any other id. */
export function phoneOfLocalBsuid(bsuid: string): string | null {
  return /^ZZ\.(\d{7,15})$/.exec(bsuid)?.[1] ?? null;
}
