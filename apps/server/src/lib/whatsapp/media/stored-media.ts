import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { chatMessages, conversations, mediaFiles } from '../../../db/schema';

/**
 * Types we serve as they are; anything else goes out as bytes to download,
 * so a file claiming to be HTML or SVG never runs as a page of our origin.
 */
const SERVED_AS_IS = /^(audio|image|video)\/[a-z0-9.+-]+(\s*;\s*codecs=[a-z0-9."', -]+)?$/i;
const UNSAFE_IMAGES = /^image\/svg/i;

/**
 * A stored media file for a viewer who may see it (an admin, or the member
 * of the conversation holding its message), or null: for a file that is not
 * there, not stored yet, or not theirs alike.
 */
export async function storedMediaFor(
  db: Database,
  fileId: string,
  viewer: { userId: string; isAdmin: boolean },
): Promise<{ content: Uint8Array; mimeType: string } | null> {
  const [file] = await db
    .select({ content: mediaFiles.content, mimeType: mediaFiles.mimeType, memberId: conversations.memberId })
    .from(mediaFiles)
    .innerJoin(chatMessages, eq(chatMessages.id, mediaFiles.messageId))
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.status, 'stored')));
  if (!file?.content) return null;
  if (!viewer.isAdmin && file.memberId !== viewer.userId) return null;
  const type = file.mimeType ?? '';
  const safe = SERVED_AS_IS.test(type) && !UNSAFE_IMAGES.test(type);
  return { content: file.content, mimeType: safe ? type : 'application/octet-stream' };
}
