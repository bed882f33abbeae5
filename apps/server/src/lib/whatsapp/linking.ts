import { eq, sql } from 'drizzle-orm';
import type { MemberWhatsAppDto } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { chatMessages, conversations, profiles, whatsappContacts } from '../../db/schema';
import { recordAudit } from '../accounts/audit';
import { memberConversationId } from '../chat/conversations';
import { postMessage, type PostMessageDeps } from '../chat/post-message';
import { contactOfMember, isUniqueViolation, toContactDto, type ContactRow } from './contacts';
import { linkReferenceOf, rotateLinkCode } from './link-codes';

/**
 * Linking a WhatsApp contact to a member (decision 056): by the member's
 * reference in a message, or by an admin. One contact per member, one member
 * per contact. The contact's own conversation (what it wrote before anyone
 * knew who it was) is merged into the member's: its messages move, the empty
 * conversation goes (migration 0012's triggers recompute both inbox
 * summaries when messages move), and a system message in the member's
 * conversation says which number is now linked.
 */

export type LinkResult =
  | { outcome: 'linked'; conversationId: string; contact: ContactRow }
  | { outcome: 'no_contact' | 'no_member' | 'contact_linked' | 'member_has_contact' };

export interface LinkInput {
  contactId: string;
  memberId: string;
  linkedBy: 'reference' | 'admin';
  /** The admin who linked (audited); null for a link by reference. */
  actorId: string | null;
}

export async function linkContact(deps: PostMessageDeps, input: LinkInput): Promise<LinkResult> {
  let result: LinkResult;
  try {
    result = await deps.db.transaction((tx) => linkInTransaction(tx, input));
  } catch (error) {
    // Another link gave the member a contact at the same moment: the unique member id decided.
    if (isUniqueViolation(error)) return { outcome: 'member_has_contact' };
    throw error;
  }
  if (result.outcome === 'linked') {
    const { contact } = result;
    const who = contact.phone ? `+${contact.phone}` : (contact.profileName?.trim() ?? 'contact');
    await postMessage(deps, {
      conversationId: result.conversationId,
      author: { kind: 'system' },
      text: `WhatsApp ${who} is now linked to this account.`,
    });
  }
  return result;
}

async function linkInTransaction(tx: Tx, input: LinkInput): Promise<LinkResult> {
  const { contactId, memberId } = input;
  // Locked: two links of one contact at once (a reference and an admin) go one after the other.
  const [contact] = await tx.select().from(whatsappContacts).where(eq(whatsappContacts.id, contactId)).for('update');
  if (!contact) return { outcome: 'no_contact' };
  if (contact.memberId) return { outcome: 'contact_linked' };
  const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId));
  if (!member) return { outcome: 'no_member' };
  if (await contactOfMember(tx, memberId)) return { outcome: 'member_has_contact' };

  const target = await memberConversationId(tx as unknown as Database, memberId);
  const own = contact.conversationId;
  if (own && own !== target) {
    // Locked first: a message being written to it now waits, and then finds it gone (its processing is
    // retried and lands in the member's conversation) rather than being deleted with it.
    await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, own)).for('update');
    await tx
      .update(chatMessages)
      .set({
        conversationId: target,
        // The contact's messages become the member's own (their export, their account's deletion).
        senderId: sql`case when ${chatMessages.authorKind} = 'member' and ${chatMessages.senderId} is null
                      then ${memberId} else ${chatMessages.senderId} end`,
      })
      .where(eq(chatMessages.conversationId, own));
    await tx.delete(conversations).where(eq(conversations.id, own));
  }
  const [linked] = await tx
    .update(whatsappContacts)
    .set({ memberId, linkedAt: new Date(), linkedBy: input.linkedBy, conversationId: target })
    .where(eq(whatsappContacts.id, contactId))
    .returning();
  // The reference that linked is spent; a link by an admin also retires the one the member holds.
  await rotateLinkCode(tx, memberId);
  if (input.linkedBy === 'admin') {
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'whatsapp.link',
      targetUserId: memberId,
      details: { contact_id: contactId, phone: contact.phone },
    });
  }
  return { outcome: 'linked', conversationId: target, contact: linked! };
}

/**
 * The member unlinks their WhatsApp contact: the contact belongs to nobody and
 * has no conversation (its next message starts a new one; what it wrote
 * stays in the member's), and the member's reference is replaced.
 */
export async function unlinkMember(db: Database, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(whatsappContacts)
      .set({ memberId: null, linkedAt: null, linkedBy: null, conversationId: null })
      .where(eq(whatsappContacts.memberId, memberId));
    await rotateLinkCode(tx, memberId);
  });
}

/** The member's reference (made on first read) and their linked contact. */
export async function memberWhatsApp(db: Database, memberId: string): Promise<MemberWhatsAppDto> {
  const reference = await linkReferenceOf(db, memberId);
  const contact = await contactOfMember(db, memberId);
  return { reference, contact: contact ? toContactDto(contact) : null };
}
