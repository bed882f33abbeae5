import { and, asc, eq, sql } from 'drizzle-orm';
import { betaSeats, chatMessages, coachingTones, focusAreas, outbox, profiles } from '../db/schema';
import { memberConversationId } from '../lib/chat/conversations';
import type { FakeModel } from './fakes/fake-model/fake-model-server';
import { answer, type TestClient } from './test-client';
import type { TestServer } from './test-server';
import { waitFor } from './wait-for';

/**
 * Helpers for the AI coach's tests (decision 057): members with a focus area
 * and tone, a message sent as the member sends it, and waiting for its coach
 * job (the outbox's `coach` topic) to be done, never for time.
 */

let seq = 0;

export interface CoachTestMember {
  client: TestClient;
  id: string;
  conversationId: string;
}

/** A signed-in member with a Free Beta Access place (sending is not about the trial), a focus area and a tone. */
export async function coachMember(
  server: TestServer,
  options: { focus?: string; tone?: string; name?: string } = {},
): Promise<CoachTestMember> {
  const db = server.database.db;
  const client = server.client();
  const email = `coach-member${++seq}-${Date.now()}@example.com`;
  const id: string = (await client.signUp(email, 'calm-river-42', options.name ?? 'Mia Member')).body.user.id;
  await db.insert(betaSeats).values({ userId: id });
  const [focus] = options.focus
    ? await db.select({ id: focusAreas.id }).from(focusAreas).where(eq(focusAreas.value, options.focus))
    : [];
  const [tone] = options.tone
    ? await db.select({ id: coachingTones.id }).from(coachingTones).where(eq(coachingTones.value, options.tone))
    : [];
  await db
    .update(profiles)
    .set({ focusAreaId: focus?.id ?? null, coachingToneId: tone?.id ?? null })
    .where(eq(profiles.id, id));
  return { client, id, conversationId: await memberConversationId(db, id) };
}

/** The member writes in the web chat; answers the stored message's id. */
export async function memberSays(member: CoachTestMember, message: string): Promise<string> {
  const sent = await answer(member.client.api.me.messages.$post({ json: { message } }));
  if (sent.status !== 201) throw new Error(`message not sent: ${sent.status}`);
  return (sent.body as { id: string }).id;
}

/** Waits until the coach job of a member message is done (or failed for good), and answers its status. */
export async function coachJobDone(server: TestServer, messageId: string): Promise<string> {
  return waitFor(async () => {
    const [row] = await server.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(and(eq(outbox.topic, 'coach'), sql`${outbox.payload} ->> 'message_id' = ${messageId}`));
    return row && row.status !== 'pending' ? row.status : undefined;
  }, `the coach job of message ${messageId}`);
}

/** The member sends a message and the coach's job for it finishes. */
export async function memberSaysAndWait(server: TestServer, member: CoachTestMember, message: string) {
  const id = await memberSays(member, message);
  const status = await coachJobDone(server, id);
  if (status !== 'sent') throw new Error(`coach job ${status}`);
  return id;
}

/** The conversation's messages, oldest first. */
export function conversationMessages(server: TestServer, conversationId: string) {
  return server.database.db
    .select({
      id: chatMessages.id,
      text: chatMessages.message,
      author: chatMessages.authorKind,
      origin: chatMessages.origin,
      channel: chatMessages.channel,
      clientId: chatMessages.clientId,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** The AI's (or scripted coach's) messages in a conversation. */
export async function aiMessages(server: TestServer, conversationId: string) {
  return (await conversationMessages(server, conversationId)).filter((m) => m.author === 'automation');
}

/** The chat calls (not the classifier's) the fake model received. */
export const chatCalls = (fake: FakeModel) =>
  fake.chatRequests().filter((r) => r.response_format?.type !== 'json_object');
/** The classifier's calls. */
export const classifierCalls = (fake: FakeModel) =>
  fake.chatRequests().filter((r) => r.response_format?.type === 'json_object');

/** A promise a test resolves when it chooses: a held answer of the fake, released. */
export function gate(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}
