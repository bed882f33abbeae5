import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import {
  aiMessages,
  coachMember,
  memberSaysAndWait,
  type CoachTestMember,
} from '../../../test-support/coach-conversations';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { CRISIS_MESSAGE } from '../safety/crisis-message';

/**
 * With an outside automation configured (decision 057), the coach job hands
 * each screened member message to its hook and writes no answer itself; a
 * crisis is ours alone: fixed help, and the automation never hears of it.
 */

const SECRET = `whsec_${Buffer.from('the outside coach shares this 32-byte key').toString('base64')}`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    COACH_MODE: 'automatic',
    // Nothing listens here: the test reads the hook's outbox rows, not their delivery.
    COACH_AUTOMATION_URL: 'http://127.0.0.1:9/coach-hook',
    COACH_AUTOMATION_SECRET: SECRET,
    COACH_AUTOMATION_TOKEN: 'a-token-for-the-outside-coach-of-32-chars-or-more',
  });
});
afterAll(() => server.close());

const hooksFor = (messageId: string) =>
  server.database.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.topic, 'webhook'), sql`${outbox.payload} -> 'body' -> 'message' ->> 'id' = ${messageId}`));

describe('the outside automation’s seat', () => {
  let member: CoachTestMember;
  beforeAll(async () => {
    member = await coachMember(server);
  });

  it('hears of a screened member message once; the AI writes nothing itself', async () => {
    const messageId = await memberSaysAndWait(server, member, 'How do I prepare for a tough conversation?');
    expect(await hooksFor(messageId)).toHaveLength(1);
    expect(await aiMessages(server, member.conversationId)).toEqual([]);
  });

  it('never hears of a crisis, which gets the fixed help', async () => {
    const messageId = await memberSaysAndWait(server, member, 'I am going to kill myself tonight.');
    expect(await hooksFor(messageId)).toEqual([]);
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([CRISIS_MESSAGE]);
  });
});
