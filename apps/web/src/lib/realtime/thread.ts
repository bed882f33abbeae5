import type { ChatMessageDto } from '@app/shared';

/** A message on screen: a saved one, or the temporary entry of one being sent (spec §4). */
export type ThreadMessage = ChatMessageDto & { pending?: boolean };

const TEMPORARY_PREFIX = 'temp-';
let temporaryCount = 0;

/** A temporary entry shown while a message is on its way; replaced by the saved one, or removed on failure. */
export function temporaryMessage(memberId: string, text: string, fromAdmin: boolean): ThreadMessage {
  temporaryCount += 1;
  return {
    id: `${TEMPORARY_PREFIX}${Date.now()}-${temporaryCount}`,
    member_id: memberId,
    message: text,
    created_at: new Date().toISOString(),
    is_admin_message: fromAdmin,
    sender_left: false,
    read_at: null,
    pending: true,
  };
}

/**
 * Merges messages into a thread by id, so a message that arrives twice (the
 * socket and a catch-up read, or the send's answer and its own frame) shows
 * once; a later copy replaces an earlier one. A saved message new to the
 * thread takes the place of the oldest temporary entry with the same side
 * and text: its own frame often arrives before the send's answer, and the
 * message must not show twice meanwhile. Saved messages stay in the server's
 * order (time, then id); temporary entries stay last.
 */
export function mergeMessages(thread: readonly ThreadMessage[], incoming: readonly ThreadMessage[]): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  for (const message of thread) byId.set(message.id, message);
  // Usually none: only while a message of this screen is on its way.
  const temporary = thread.filter((m) => m.pending);
  for (const message of incoming) {
    const held = byId.get(message.id);
    if (!held && !message.pending && temporary.length > 0) {
      const stoodFor = temporary.findIndex((m) => sameSentMessage(m, message));
      if (stoodFor >= 0) byId.delete(temporary.splice(stoodFor, 1)[0]!.id);
    }
    // A copy read before a read marker arrived must not make the message unread again.
    byId.set(message.id, held ? { ...held, ...message, read_at: message.read_at ?? held.read_at } : message);
  }
  const all = [...byId.values()];
  const saved = all.filter((m) => !m.pending).sort(compareMessages);
  const pending = all.filter((m) => m.pending);
  return [...saved, ...pending];
}

function sameSentMessage(a: ThreadMessage, b: ThreadMessage): boolean {
  return a.member_id === b.member_id && a.is_admin_message === b.is_admin_message && a.message === b.message;
}

function compareMessages(a: ThreadMessage, b: ThreadMessage): number {
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  if (at !== bt) return at - bt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The newest saved message's id: where a catch-up read starts. */
export function newestSavedId(thread: readonly ThreadMessage[]): string | undefined {
  for (let i = thread.length - 1; i >= 0; i -= 1) if (!thread[i]!.pending) return thread[i]!.id;
  return undefined;
}

/**
 * A read frame: the admins read the member's messages (`reader` admin), or the
 * member read the admins' (`reader` member). Unread ones of that side get the time.
 */
export function applyRead(
  thread: readonly ThreadMessage[],
  reader: 'admin' | 'member',
  readAt: string,
): ThreadMessage[] {
  const readsAdminMessages = reader === 'member';
  return thread.map((m) =>
    !m.pending && m.read_at === null && m.is_admin_message === readsAdminMessages ? { ...m, read_at: readAt } : m,
  );
}
