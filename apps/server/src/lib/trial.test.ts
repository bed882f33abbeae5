import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { spendTrialConversation } from './trial';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('lets one of many simultaneous starts through, even when all of them read the counter first', async () => {
  const id = (await server.client().signUp('race@example.com')).body.user.id;
  // Called directly, every call's read is queued before any call's write: a
  // read-check-then-write rule would let all ten through.
  const results = await Promise.all(Array.from({ length: 10 }, () => spendTrialConversation(server.database.db, id)));
  expect(results.filter((r) => r.outcome === 'counted')).toEqual([{ outcome: 'counted', trialConversationsUsed: 1 }]);
  expect(results.filter((r) => r.outcome === 'expired')).toHaveLength(9);
  const [row] = await server.database.db.select().from(profiles).where(eq(profiles.id, id));
  expect(row!.trialConversationsUsed).toBe(1);
});
