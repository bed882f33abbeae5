import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inboundEvents, outbox } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { recordInboundEvents } from './inbound';

/** The ledger of inbound events: each (provider, event id) is recorded and queued for processing once. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const ledger = (provider: string, eventId: string) =>
  server.database.db
    .select()
    .from(inboundEvents)
    .where(and(eq(inboundEvents.provider, provider), eq(inboundEvents.eventId, eventId)));
const queued = (eventId: string) =>
  server.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'inbound'), sql`${outbox.payload} ->> 'event_id' = ${eventId}`));

describe('recording inbound events', () => {
  it('records and queues an event once however many receive it at the same moment', async () => {
    const event = { id: 'evt_at_once', type: 'test.happened', payload: { hello: 'world' } };
    const fresh = await Promise.all(
      Array.from({ length: 6 }, () => recordInboundEvents(server.database.db, 'test-sender', [event])),
    );
    expect(fresh.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await ledger('test-sender', event.id)).toEqual([
      expect.objectContaining({ type: 'test.happened', payload: { hello: 'world' }, processedAt: null }),
    ]);
    expect(await queued(event.id)).toHaveLength(1);
  });

  it('keys events by provider: the same id from two senders is two events', async () => {
    const event = { id: 'evt_shared_id', type: 'test.happened', payload: {} };
    expect(await recordInboundEvents(server.database.db, 'sender-one', [event])).toBe(1);
    expect(await recordInboundEvents(server.database.db, 'sender-two', [event])).toBe(1);
    expect(await recordInboundEvents(server.database.db, 'sender-two', [event])).toBe(0);
  });

  it('records every event of one body, skipping those already recorded', async () => {
    await recordInboundEvents(server.database.db, 'batcher', [{ id: 'b1', type: 't', payload: 1 }]);
    const fresh = await recordInboundEvents(server.database.db, 'batcher', [
      { id: 'b1', type: 't', payload: 1 },
      { id: 'b2', type: 't', payload: 2 },
      { id: 'b3', type: 't', payload: 3 },
    ]);
    expect(fresh).toBe(2);
    expect((await queued('b2')).length + (await queued('b3')).length).toBe(2);
    expect(await queued('b1')).toHaveLength(1);
  });
});
