import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LINK_REFERENCE_ALPHABET, LINK_REFERENCE_LENGTH, LINK_REFERENCE_PREFIX } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { whatsappLinkCodes } from '../../db/schema';
import { isUniqueViolation } from './contacts';

/**
 * Each member's link reference (decision 056): `CS-` and eight characters of
 * Crockford's base 32 drawn from the system's secure random source (32^8,
 * about a trillion codes: not guessable by trying), stored without the prefix.
 * The chat links put it in their greeting; the first WhatsApp message that
 * carries it links its contact to the member. Replaced once used and on
 * unlink, so an old or forwarded link links nobody.
 */

export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_REFERENCE_LENGTH; i++)
    code += LINK_REFERENCE_ALPHABET[randomInt(LINK_REFERENCE_ALPHABET.length)];
  return code;
}

export const referenceOf = (code: string) => `${LINK_REFERENCE_PREFIX}${code}`;

/** A fresh code collides with a taken one once in a trillion; a few tries settle it. */
const TRIES = 5;

/** The member's reference, made on first need; of two first calls at once, both answer the one stored. */
export async function linkReferenceOf(db: Database, memberId: string): Promise<string> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const [stored] = await db
      .select({ code: whatsappLinkCodes.code })
      .from(whatsappLinkCodes)
      .where(eq(whatsappLinkCodes.memberId, memberId));
    if (stored) return referenceOf(stored.code);
    try {
      await db.insert(whatsappLinkCodes).values({ memberId, code: newLinkCode() }).onConflictDoNothing({
        target: whatsappLinkCodes.memberId,
      });
    } catch (error) {
      // The code itself was taken (another member's): draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not make a link reference');
}

/**
 * Replaces the member's code with a new one (in the caller's transaction):
 * after a link, so the used reference links nothing more, and after an unlink.
 * A savepoint per try keeps a rare collision from spoiling the transaction.
 */
export async function rotateLinkCode(tx: Tx, memberId: string): Promise<string> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const code = newLinkCode();
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint
          .insert(whatsappLinkCodes)
          .values({ memberId, code })
          .onConflictDoUpdate({ target: whatsappLinkCodes.memberId, set: { code, createdAt: new Date() } });
      });
      return referenceOf(code);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not make a link reference');
}

/** The member whose current code this is (upper case, without the prefix), or null. */
export async function memberOfLinkCode(db: Database | Tx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ memberId: whatsappLinkCodes.memberId })
    .from(whatsappLinkCodes)
    .where(eq(whatsappLinkCodes.code, code));
  return row?.memberId ?? null;
}
