import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Database, Tx } from '../../db/client';
import { inboundEvents, outbox } from '../../db/schema';
import type { Logger } from '../logger';
import type { OutboxRow } from '../outbox/outbox';
import type { Deliverer } from '../outbox/worker';

/**
 * The inbound-webhook kit (decision 054): a sender's verified request is
 * written down before it is acted on. The route's access guard checks the
 * signature (access.webhook with the sender's WebhookVerifier), the route
 * declares its body limit (middleware/body-limit.ts), and then:
 *
 *   1. each event of the body goes into the ledger, keyed by (provider, event
 *      id), and a new one queues an 'inbound' outbox row, in one transaction;
 *   2. the route answers 200 once that commits: the event is durable, and a
 *      repeat (the sender's retry, or two instances receiving it at once)
 *      finds its key taken and changes nothing;
 *   3. the outbox worker hands the event to the provider's processor, with
 *      retries: the sender's outage or ours while processing is our worker's
 *      to retry, not the sender's.
 */

/** One event a sender delivered: its id (unique per provider), type and the verified body. */
export interface InboundEvent {
  id: string;
  type: string;
  payload: unknown;
  /**
   * Events with the same key are processed one at a time, in the order
   * received (the outbox's ordering key): one WhatsApp contact's messages, say.
   */
  orderingKey?: string;
}

/** What a provider does with its events, once each; it says which of its errors may pass with time. */
export interface InboundProcessor {
  /** Acts on the event; the answer (an outcome) is logged. */
  process(event: InboundEvent): Promise<string | void>;
  isRetryable(error: unknown): boolean;
}

export type InboundProcessors = Record<string, InboundProcessor>;

/** Rows per statement: a batch of 1,000 (WhatsApp's largest) is two inserts, well under any parameter limit. */
const RECORD_CHUNK = 500;

/**
 * Records the events in the ledger and queues each new one for processing, in
 * one transaction; returns how many were new. Multi-row statements: a sender's
 * batch of a thousand events is a few statements, not two thousand, so the
 * sender is answered in milliseconds. An id repeated within the body counts once.
 */
export function recordInboundEvents(db: Database, provider: string, events: InboundEvent[]): Promise<number> {
  const unique = [...new Map(events.map((event) => [event.id, event])).values()];
  return db.transaction(async (tx: Tx) => {
    let fresh = 0;
    for (let start = 0; start < unique.length; start += RECORD_CHUNK) {
      const chunk = unique.slice(start, start + RECORD_CHUNK);
      const inserted = await tx
        .insert(inboundEvents)
        .values(chunk.map((event) => ({ provider, eventId: event.id, type: event.type, payload: event.payload })))
        .onConflictDoNothing()
        .returning({ eventId: inboundEvents.eventId });
      if (!inserted.length) continue;
      // Only the events this statement inserted: a repeat (or another instance's copy) queues nothing.
      const isNew = new Set(inserted.map((row) => row.eventId));
      await tx.insert(outbox).values(
        chunk
          .filter((event) => isNew.has(event.id))
          .map((event) => ({
            topic: 'inbound' as const,
            payload: { provider, event_id: event.id },
            orderingKey: event.orderingKey ?? null,
          })),
      );
      fresh += inserted.length;
    }
    return fresh;
  });
}

/**
 * The handler after the guard: the verified body's events into the ledger,
 * then 200 `{ received: true }`, for new events and repeats alike. `eventsOf`
 * reads the sender's format; a body it finds no event in is answered 200 too
 * (the signature held: a retry would bring the same) and logged.
 */
export function receiveInbound(
  { db, logger }: { db: Database; logger: Logger },
  provider: string,
  eventsOf: (body: unknown) => InboundEvent[],
) {
  return async (c: Context<AppEnv>) => {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(await c.req.arrayBuffer()));
    } catch {
      return c.json({ error: 'Malformed request body' }, 400);
    }
    const events = eventsOf(body);
    if (!events.length) logger.warn({ provider }, 'signed webhook without an event id: nothing recorded');
    const fresh = events.length ? await recordInboundEvents(db, provider, events) : 0;
    // A batch may hold a thousand events: the log names the first few and counts them all.
    logger.info(
      { provider, events: events.slice(0, 20).map((e) => e.id), count: events.length, fresh },
      'webhook received',
    );
    return c.json({ received: true }, 200);
  };
}

/** A processor's failure, with its word on whether to retry. */
class ProcessingFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * The 'inbound' topic's deliverer: reads the event from the ledger, has its
 * provider's processor act on it, then marks it processed and drops its body
 * (it may name a person; the ledger keeps the key, type and times). An event
 * already processed is done: a row delivered twice (a lease that ran out)
 * acts once.
 */
export function inboundDeliverer(db: Database, processors: InboundProcessors, logger: Logger): Deliverer {
  return {
    log: { noun: 'inbound event', idKey: 'deliveryId' },
    isRetryable: (error) => !(error instanceof ProcessingFailed) || error.retryable,
    async deliver(row: OutboxRow) {
      const { provider, event_id: eventId } = row.payload as { provider: string; event_id: string };
      const key = and(eq(inboundEvents.provider, provider), eq(inboundEvents.eventId, eventId));
      const [event] = await db.select().from(inboundEvents).where(key);
      if (!event || event.processedAt) return;
      const processor = processors[provider];
      if (!processor) throw new ProcessingFailed(`no processor for ${provider} events here`, false);
      let outcome: string | void;
      try {
        outcome = await processor.process({ id: eventId, type: event.type, payload: event.payload });
      } catch (error) {
        throw new ProcessingFailed(
          error instanceof Error ? error.message : String(error),
          processor.isRetryable(error),
        );
      }
      await db
        .update(inboundEvents)
        .set({ processedAt: sql`coalesce(${inboundEvents.processedAt}, now())`, payload: null })
        .where(key);
      logger.info({ provider, event: eventId, type: event.type, outcome }, 'inbound event processed');
    },
  };
}
