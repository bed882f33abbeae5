import { expect } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { chatMessages, whatsappContacts, inboundEvents } from '../db/schema';
import { WhatsAppWebhookSender, type FakePerson, type WebhookUpdate } from './fakes/fake-whatsapp/webhook-sender';
import type { TestServer } from './test-server';
import { waitFor } from './wait-for';

/**
 * WhatsApp's inbound side in tests: a webhook sender signed with the server's
 * own app secret, and ways to wait for what it sent to be processed (the
 * outbox worker applies events a moment after the 200) and to read the result.
 */
export function whatsappInboundKit(server: TestServer) {
  const db = server.database.db;
  const sender = new WhatsAppWebhookSender({
    url: `${server.url}/api/webhooks/whatsapp`,
    appSecret: server.whatsapp.appSecret!,
    phoneNumberId: server.whatsapp.phoneNumberId,
  });

  /** The ledger keys of what a body holds: what the sender's updates become. */
  function eventIds(entries: WebhookUpdate[][][]): string[] {
    return entries.flat(2).flatMap((u) => {
      if (u.kind === 'message') return [`message:${u.message.id as string}`];
      if (u.kind === 'status') return [`status:${u.status.id as string}:${u.status.status as string}`];
      return [];
    });
  }

  /** How many of these events the outbox worker has processed so far. */
  async function processedCount(ids: string[]): Promise<number> {
    const rows = await db
      .select({ id: inboundEvents.eventId })
      .from(inboundEvents)
      .where(
        and(
          eq(inboundEvents.provider, 'whatsapp'),
          inArray(inboundEvents.eventId, ids),
          isNotNull(inboundEvents.processedAt),
        ),
      );
    return rows.length;
  }

  /** Waits until every one of these events was processed by the outbox worker. */
  async function processed(ids: string[], timeoutMs?: number) {
    await waitFor(
      async () => (await processedCount(ids)) === new Set(ids).size,
      `${ids.length} whatsapp events processed`,
      timeoutMs,
    );
  }

  /** Sends as Meta does, expects 200, and waits until all of it was processed. */
  async function deliver(entries: WebhookUpdate[][][]) {
    const res = await sender.send(entries);
    expect(res).toEqual({ status: 200, body: { received: true } });
    await processed(eventIds(entries));
  }

  let people = 0;
  return {
    sender,
    eventIds,
    processedCount,
    processed,
    deliver,
    deliverOne: (update: WebhookUpdate) => deliver([[[update]]]),
    /** A new person on WhatsApp with a number of their own. */
    person: (name: string): FakePerson => ({
      waId: `4477${process.pid % 1000}${String(++people).padStart(5, '0')}`,
      name,
    }),
    wamidOf: (u: WebhookUpdate) => (u as unknown as { message: { id: string } }).message.id,
    messageOf: async (wamid: string) =>
      (
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.channel, 'whatsapp'), eq(chatMessages.externalId, wamid)))
      )[0],
    contactOf: async (p: FakePerson) =>
      (
        await db
          .select()
          .from(whatsappContacts)
          .where(p.bsuid ? eq(whatsappContacts.bsuid, p.bsuid) : eq(whatsappContacts.waId, p.waId!))
      )[0],
    messagesIn: (conversationId: string) =>
      db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(chatMessages.createdAt, chatMessages.id),
  };
}
