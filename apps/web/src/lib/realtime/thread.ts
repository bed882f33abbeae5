import type { ChatMessageDto, MessageDeliveryStatus } from '@app/shared';

/** A message on screen: a saved one, or the temporary entry of one being sent. */
export type ThreadMessage = ChatMessageDto & { pending?: boolean };

const TEMPORARY_PREFIX = 'temp-';
let temporaryCount = 0;

/**
 * A temporary entry shown while a message is on its way; replaced by the saved
 * one, or removed on failure. Its id is also the client id sent with the
 * message (CLIENT_ID_PATTERN), which the server echoes back in the saved
 * message and its frame: that is how the two are matched (decision 052).
 */
export function temporaryMessage(
  conversation: { conversationId: string; memberId: string | null },
  text: string,
  fromAdmin: boolean,
): ThreadMessage {
  temporaryCount += 1;
  const id = `${TEMPORARY_PREFIX}${Date.now()}-${temporaryCount}`;
  return {
    id,
    conversation_id: conversation.conversationId,
    member_id: conversation.memberId,
    message: text,
    created_at: new Date().toISOString(),
    author: fromAdmin ? 'coach' : 'member',
    channel: 'web',
    type: 'text',
    status: 'pending',
    client_id: id,
    is_admin_message: fromAdmin,
    sender_left: false,
    author_name: null,
    author_id: null,
    read_at: null,
    media: null,
    reaction: null,
    failure_reason: null,
    origin: null,
    programme: null,
    pending: true,
  };
}

/**
 * Merges messages into a thread by id, so a message that arrives twice (the
 * socket and a catch-up read, or the send's answer and its own frame) shows
 * once; a later copy replaces an earlier one (its attachment fetched since, a
 * reaction changed), without taking its delivery back (see laterStatus). A saved message new to the
 * thread takes the place of the temporary entry whose client id it carries:
 * its own frame often arrives before the send's answer, and the message must
 * not show twice meanwhile. The text is never compared: two identical
 * messages sent one after the other are two messages. Saved messages stay in
 * the server's order (time, then id); temporary entries stay last.
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
    // A copy read before a read marker or a receipt arrived must not make the message unread again.
    byId.set(message.id, held ? mergeCopy(held, message) : message);
  }
  const all = [...byId.values()];
  const saved = all.filter((m) => !m.pending).sort(compareMessages);
  const pending = all.filter((m) => m.pending);
  return [...saved, ...pending];
}

function mergeCopy(held: ThreadMessage, copy: ThreadMessage): ThreadMessage {
  const status = laterStatus(held.status, copy.status);
  return {
    ...held,
    ...copy,
    read_at: copy.read_at ?? held.read_at,
    status,
    failure_reason: status === 'failed' ? (copy.failure_reason ?? held.failure_reason) : null,
  };
}

/** How far a delivery got; `failed` stands apart (final, until a retry starts it again as pending). */
const PROGRESS: Record<Exclude<MessageDeliveryStatus, 'failed'>, number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * The status to show when a message's status arrives after the one held.
 * Receipts only move forward (a late `delivered` after `read` is ignored, as
 * the server does); a failure wins; after a failure only a retry's fresh start
 * (`pending`) or a later success counts.
 */
export function laterStatus(held: MessageDeliveryStatus, incoming: MessageDeliveryStatus): MessageDeliveryStatus {
  if (held === 'failed' || incoming === 'failed') return incoming;
  return PROGRESS[incoming] >= PROGRESS[held] ? incoming : held;
}

function sameSentMessage(temporary: ThreadMessage, saved: ThreadMessage): boolean {
  return saved.client_id !== null && temporary.client_id === saved.client_id;
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

/**
 * A `message_status` frame: one message's delivery moved (a WhatsApp receipt,
 * a send that failed, with its reason). A message not held is ignored: its
 * next copy carries the status.
 */
export function applyStatus(
  thread: readonly ThreadMessage[],
  change: { message_id: string; status: MessageDeliveryStatus; at: string; reason?: string },
): ThreadMessage[] {
  return thread.map((m) => {
    if (m.id !== change.message_id || m.pending) return m;
    const status = laterStatus(m.status, change.status);
    if (status === m.status && status !== 'failed') return m;
    return {
      ...m,
      status,
      read_at: status === 'read' ? (m.read_at ?? change.at) : m.read_at,
      failure_reason: status === 'failed' ? (change.reason ?? m.failure_reason) : null,
    };
  });
}
