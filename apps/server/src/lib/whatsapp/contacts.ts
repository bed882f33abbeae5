import { eq, sql } from 'drizzle-orm';
import type { WhatsAppContactDto } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { conversations, whatsappContacts } from '../../db/schema';
import { createContactConversation } from '../chat/conversations';
import { sqlStateOf } from '../database-errors';

/**
 * WhatsApp contacts (decision 056): the people who wrote to our number, known
 * by their business-scoped user id (BSUID) and by their WhatsApp id, and the
 * conversation their messages go to.
 */

export type ContactRow = typeof whatsappContacts.$inferSelect;

/** A unique id (wa_id, bsuid, member_id) already taken by another contact. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/** Who wrote, as a webhook shows them: either id may be missing (a BSUID alone hides the number). */
export interface ContactIdentity {
  waId: string | null;
  bsuid: string | null;
  profileName: string | null;
}

export function toContactDto(row: ContactRow): WhatsAppContactDto {
  return {
    contact_id: row.id,
    phone: row.phone,
    profile_name: row.profileName,
    linked_at: row.linkedAt ? row.linkedAt.toISOString() : null,
  };
}

/** A WhatsApp id is the number's digits when Meta shows the number; a BSUID (`US.1349…`) never is. */
const phoneOf = (waId: string | null) => (waId && /^\d{6,20}$/.test(waId) ? waId : null);

/** How a contact is shown where no name is known: its number, else nothing (the inbox says "Unknown contact"). */
export const contactLabel = (contact: Pick<ContactRow, 'profileName' | 'phone'>) =>
  contact.profileName?.trim() || (contact.phone ? `+${contact.phone}` : null);

/** The contact with this BSUID, else with this WhatsApp id; BSUID first, as Meta asks (it survives a hidden number). */
export async function findContact(db: Database | Tx, identity: Pick<ContactIdentity, 'waId' | 'bsuid'>) {
  if (identity.bsuid) {
    const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.bsuid, identity.bsuid));
    if (row) return row;
  }
  if (identity.waId) {
    const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, identity.waId));
    if (row) return row;
  }
  return null;
}

export async function contactOfMember(db: Database | Tx, memberId: string): Promise<ContactRow | null> {
  const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.memberId, memberId));
  return row ?? null;
}

export async function contactOfConversation(db: Database | Tx, conversationId: string): Promise<ContactRow | null> {
  const [row] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.conversationId, conversationId));
  return row ?? null;
}

/**
 * The contact who wrote, made on their first message, with what Meta shows
 * of them kept current (profile name, number, the id it did not have), and
 * with a conversation: the member's once linked, else their own, made here
 * (again after an unlink). Safe when two instances do it at once: the
 * database's unique ids decide, and the loser reads the winner's row.
 */
export async function ensureContact(
  db: Database,
  identity: ContactIdentity,
): Promise<ContactRow & { conversationId: string }> {
  let contact = await findContact(db, identity);
  if (!contact) {
    const [made] = await db
      .insert(whatsappContacts)
      .values({
        waId: identity.waId,
        bsuid: identity.bsuid,
        phone: phoneOf(identity.waId),
        profileName: identity.profileName,
      })
      .onConflictDoNothing()
      .returning();
    contact = made ?? (await findContact(db, identity));
    if (!contact) throw new Error('whatsapp contact conflicted but was not found');
  } else {
    contact = await refreshContact(db, contact, identity);
  }
  if (contact.conversationId) return contact as ContactRow & { conversationId: string };

  const conversationId = await createContactConversation(db, contactLabel(contact));
  const [claimed] = await db
    .update(whatsappContacts)
    .set({ conversationId })
    .where(sql`${whatsappContacts.id} = ${contact.id} and ${whatsappContacts.conversationId} is null`)
    .returning();
  if (claimed) return claimed as ContactRow & { conversationId: string };
  // Another instance gave the contact a conversation first: ours is empty, and goes.
  await db.delete(conversations).where(eq(conversations.id, conversationId));
  const [current] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.id, contact.id));
  return current as ContactRow & { conversationId: string };
}

/** What Meta shows now, written over what we had: the name they chose, the number, an id we lacked. */
async function refreshContact(db: Database, contact: ContactRow, identity: ContactIdentity): Promise<ContactRow> {
  const changes: Partial<ContactRow> = {};
  if (identity.profileName && identity.profileName !== contact.profileName) changes.profileName = identity.profileName;
  const phone = phoneOf(identity.waId);
  if (phone && phone !== contact.phone) changes.phone = phone;
  if (identity.bsuid && !contact.bsuid) changes.bsuid = identity.bsuid;
  if (identity.waId && !contact.waId) changes.waId = identity.waId;
  if (!Object.keys(changes).length) return contact;
  try {
    const [row] = await db.update(whatsappContacts).set(changes).where(eq(whatsappContacts.id, contact.id)).returning();
    return row ?? contact;
  } catch (error) {
    // The id belongs to another contact already (two records of one person): keep both as they are.
    if (!isUniqueViolation(error)) throw error;
    const { bsuid: _b, waId: _w, ...rest } = changes;
    if (!Object.keys(rest).length) return contact;
    const [row] = await db.update(whatsappContacts).set(rest).where(eq(whatsappContacts.id, contact.id)).returning();
    return row ?? contact;
  }
}

/**
 * The person changed their number (`system.user_changed_number`): the contact
 * keeps its history under the new WhatsApp id. False when another contact
 * already has that id (nothing changed).
 */
export async function changeContactNumber(db: Database, contactId: string, newWaId: string): Promise<boolean> {
  try {
    await db
      .update(whatsappContacts)
      .set({ waId: newWaId, phone: phoneOf(newWaId) })
      .where(eq(whatsappContacts.id, contactId));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
