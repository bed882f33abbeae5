import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../client';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { migrationsBefore } from '../../test-support/migrations-before';

/**
 * Migration 0012 (decision 052) on a database written the old way: members'
 * messages, coaches' replies, read and unread, a departed coach's reply, several
 * members, one with no message. After it every message is in its member's
 * conversation with its author, read state and text, and every conversation's
 * summary (latest message, unread count) is what the messages say.
 */

let testDb: TestDatabase;
let handle: DatabaseHandle;
let oldFolder: string;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

const ids = {
  coach: 'coach-1',
  leaver: 'coach-left',
  ada: 'member-ada',
  bo: 'member-bo',
  cy: 'member-cy',
  dee: 'member-dee',
};
const messageId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Old = { n: number; member: string; fromCoach?: string | null; at: string; read?: string; text: string };
const old: Old[] = [
  { n: 1, member: ids.ada, at: '2026-10-01T09:00:00Z', read: '2026-10-01T09:30:00Z', text: 'Ada: hello' },
  {
    n: 2,
    member: ids.ada,
    fromCoach: ids.coach,
    at: '2026-10-01T10:00:00Z',
    read: '2026-10-01T11:00:00Z',
    text: 'Coach: hi Ada',
  },
  { n: 3, member: ids.ada, at: '2026-10-02T09:00:00Z', text: 'Ada: one more' },
  { n: 4, member: ids.ada, at: '2026-10-02T09:05:00Z', text: 'Ada: and another' },
  { n: 5, member: ids.bo, at: '2026-10-03T08:00:00Z', text: 'Bo: anyone there?' },
  // A reply whose coach has since left (decision 049): no sender, still the team's.
  { n: 6, member: ids.bo, fromCoach: null, at: '2026-10-03T09:00:00Z', text: 'Former coach: yes' },
  { n: 7, member: ids.cy, fromCoach: ids.coach, at: '2026-10-04T09:00:00Z', text: 'Coach: welcome Cy' },
  { n: 8, member: ids.cy, at: '2026-10-04T10:00:00Z', read: '2026-10-04T10:01:00Z', text: 'Cy: thanks' },
];

beforeAll(async () => {
  testDb = await createTestDatabase({ fresh: true });
  oldFolder = migrationsBefore('conversations');
  handle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://', migrationsFolder: oldFolder });
  for (const [name, id] of Object.entries(ids)) {
    await handle.db.execute(
      sql`insert into users (id, name, email, email_verified) values (${id}, ${name}, ${`${id}@example.com`}, true)`,
    );
  }
  for (const m of old) {
    const fromCoach = m.fromCoach !== undefined;
    await handle.db.execute(sql`
      insert into chat_messages (id, message, sender_id, recipient_id, is_admin_message, read_at, created_at)
      values (${messageId(m.n)}::uuid, ${m.text}, ${fromCoach ? m.fromCoach : m.member},
              ${fromCoach ? m.member : null}, ${fromCoach}, ${m.read ?? null}::timestamptz, ${m.at}::timestamptz)`);
  }
  await handle.migrate();
});
afterAll(async () => {
  await handle?.close();
  await testDb.drop();
  fs.rmSync(oldFolder, { recursive: true, force: true });
});

type Conversation = {
  id: string;
  member_id: string | null;
  last_message_id: string | null;
  unread_count: number;
  created_at: Date | string;
};
const conversationsByMember = async () =>
  new Map((await rows<Conversation>(sql`select * from conversations`)).map((c) => [c.member_id, c] as const));

describe('migration 0012 (one conversation model)', () => {
  it('gives each member with messages one conversation, with the latest message and the unread count', async () => {
    const byMember = await conversationsByMember();
    expect([...byMember.keys()].sort()).toEqual([ids.ada, ids.bo, ids.cy].sort());
    expect(byMember.get(ids.ada)).toMatchObject({ last_message_id: messageId(4), unread_count: 2 });
    expect(byMember.get(ids.bo)).toMatchObject({ last_message_id: messageId(6), unread_count: 1 });
    expect(byMember.get(ids.cy)).toMatchObject({ last_message_id: messageId(8), unread_count: 0 });
    // Begun at the first message.
    expect(new Date(byMember.get(ids.cy)!.created_at).toISOString()).toBe('2026-10-04T09:00:00.000Z');
    expect(await rows(sql`select 1 from information_schema.tables where table_name = 'chat_conversations'`)).toEqual(
      [],
    );
  });

  it('moves every message into its member conversation with its author, text, time and read state', async () => {
    const byMember = await conversationsByMember();
    const moved = await rows<{
      id: string;
      conversation_id: string;
      message: string;
      sender_id: string | null;
      author_kind: string;
      channel: string;
      message_type: string;
      status: string;
      read_at: Date | string | null;
      sent_at: Date | string | null;
      created_at: Date | string;
    }>(sql`select * from chat_messages order by created_at`);
    expect(moved).toHaveLength(old.length);
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    for (const [i, m] of old.entries()) {
      const row = moved[i]!;
      const fromCoach = m.fromCoach !== undefined;
      expect(row).toMatchObject({
        id: messageId(m.n),
        conversation_id: byMember.get(m.member)!.id,
        message: m.text,
        sender_id: fromCoach ? m.fromCoach : m.member,
        author_kind: fromCoach ? 'coach' : 'member',
        channel: 'web',
        message_type: 'text',
        status: m.read ? 'read' : 'sent',
      });
      expect(iso(row.read_at)).toBe(m.read ? new Date(m.read).toISOString() : null);
      expect(iso(row.created_at)).toBe(new Date(m.at).toISOString());
      expect(iso(row.sent_at)).toBe(new Date(m.at).toISOString());
    }
    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'chat_messages'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(member_id|recipient_id|is_admin_message)$/)]),
    );
  });

  it('keeps the summaries by trigger afterwards: a new message, a read, a coach leaving, a member leaving', async () => {
    const ada = (await conversationsByMember()).get(ids.ada)!;
    await handle.db.execute(sql`
      insert into chat_messages (id, conversation_id, message, sender_id, author_kind, created_at)
      values (${messageId(9)}::uuid, ${ada.id}::uuid, 'Ada: later', ${ids.ada}, 'member', '2026-10-05T09:00:00Z')`);
    expect((await conversationsByMember()).get(ids.ada)).toMatchObject({
      last_message_id: messageId(9),
      unread_count: 3,
    });
    await handle.db.execute(sql`
      update chat_messages set read_at = now(), status = 'read'
       where conversation_id = ${ada.id}::uuid and author_kind = 'member' and read_at is null`);
    expect((await conversationsByMember()).get(ids.ada)).toMatchObject({ unread_count: 0 });

    // The coach who wrote Cy's first message leaves with their replies; Cy's own remains the latest.
    await handle.db.execute(sql`delete from users where id = ${ids.coach}`);
    const after = await conversationsByMember();
    expect(after.get(ids.cy)).toMatchObject({ last_message_id: messageId(8), unread_count: 0 });
    expect(await rows(sql`select id from chat_messages where id = ${messageId(2)}::uuid`)).toEqual([]);

    await handle.db.execute(sql`delete from users where id = ${ids.bo}`);
    expect((await conversationsByMember()).has(ids.bo)).toBe(false);
    expect(
      await rows(sql`select id from chat_messages where id in (${messageId(5)}::uuid, ${messageId(6)}::uuid)`),
    ).toEqual([]);
  });
});
