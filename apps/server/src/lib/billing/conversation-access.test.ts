import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { conversationAccess, startConversation, TRIAL_CONVERSATION_MS } from './conversation-access';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('counts one of many simultaneous starts, even when all of them read the counter first', async () => {
  const id = (await server.client().signUp('race@example.com')).body.user.id;
  // Called directly, every call's read is queued before any call's write: a
  // read-check-then-write rule would count all ten.
  const results = await Promise.all(Array.from({ length: 10 }, () => startConversation(server.database.db, id)));
  expect(results.filter((r) => r.basis === 'trial')).toHaveLength(1);
  // The others are the same conversation, started a moment ago.
  expect(results.filter((r) => r.basis === 'trial_continues')).toHaveLength(9);
  const [row] = await server.database.db.select().from(profiles).where(eq(profiles.id, id));
  expect(row!.trialConversationsUsed).toBe(1);
});

it('continues the trial conversation for a day from its start, and no longer', async () => {
  const db = server.database.db;
  const id = (await server.client().signUp('a-day@example.com')).body.user.id;
  const start = new Date('2026-11-22T10:00:00Z');
  expect((await conversationAccess(db, id, start)).basis).toBe('trial');
  expect((await startConversation(db, id, start)).basis).toBe('trial');

  const later = new Date(start.getTime() + TRIAL_CONVERSATION_MS - 1000);
  const again = await startConversation(db, id, later);
  expect(again).toMatchObject({
    basis: 'trial_continues',
    can_start: true,
    limited: true,
    trial_conversations_used: 1,
  });
  expect(again.trial_continues_until).toBe(new Date(start.getTime() + TRIAL_CONVERSATION_MS).toISOString());

  const dayAfter = new Date(start.getTime() + TRIAL_CONVERSATION_MS);
  expect(await startConversation(db, id, dayAfter)).toMatchObject({ basis: 'none', can_start: false });
  expect((await conversationAccess(db, id, dayAfter)).basis).toBe('none');
});
