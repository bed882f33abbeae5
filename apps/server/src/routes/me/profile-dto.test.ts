import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { TestClient } from '../../test-support/test-client';
import { toProfileDto } from './profile-dto';

/**
 * GET /api/me/profile sends the JSON the database builds (profileDtoJson);
 * PATCH and everything else build the DTO in JavaScript (toProfileDto). Both
 * must give the same text, whatever the profile holds.
 */
let server: TestServer;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('dto@example.com', 'calm-river-42', 'Dee Toh')).body.user.id;
});
afterAll(() => server.close());

/** The profile read's raw body, and the text toProfileDto makes of the same row. */
async function bothTexts() {
  // The response itself, not answer(): the test compares the exact text sent.
  const res = await member.api.me.profile.$get();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  const [row] = await server.database.db.select().from(profiles).where(eq(profiles.id, memberId));
  return { sent: await res.text(), expected: JSON.stringify(toProfileDto(row!)) };
}

describe('the profile read', () => {
  it('sends exactly the text toProfileDto gives', async () => {
    const { sent, expected } = await bothTexts();
    expect(sent).toBe(expected);
  });

  it.each([
    ['quotes and backslashes', 'Dee "the \\ calm" Toh'],
    ['control characters', 'tab\there, line\nthere, \u0001\u001f\u007f'],
    ['letters beyond ASCII and emoji', 'Zoë Ünal 🌿 平静 \u2028\u2029 </script>'],
    ['no name at all', null],
  ])('sends the same text with %s in the name', async (_what, fullName) => {
    await server.database.db.update(profiles).set({ fullName }).where(eq(profiles.id, memberId));
    const { sent, expected } = await bothTexts();
    expect(sent).toBe(expected);
  });

  it.each([
    ['microseconds, which a Date drops', '2026-11-23 09:00:00.123999+00'],
    ['the last microsecond of a year', '1999-12-31 23:59:59.999999+00'],
    ['a whole second', '2030-01-01 00:00:00+00'],
    ['another time zone', '2026-06-01 02:30:15.5+05:30'],
  ])('sends the same dates with %s', async (_what, at) => {
    await server.database.db
      .update(profiles)
      .set({ createdAt: sql`${at}::timestamptz`, updatedAt: sql`${at}::timestamptz` })
      .where(eq(profiles.id, memberId));
    const { sent, expected } = await bothTexts();
    expect(sent).toBe(expected);
  });
});
