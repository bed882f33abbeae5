import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { conversationChannel, INBOX_CHANNEL, type RealtimeServerFrame } from '@app/shared';
import { forMember } from './lib/chat/chat-messages';
import { listenConnectionName } from './lib/realtime/postgres-bus';
import { startPostgresInstance, type PostgresInstance } from './test-support/postgres-instance';
import { RealtimeTestClient } from './test-support/realtime-client';
import { answer, TestClient } from './test-support/test-client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test-support/test-database';
import { waitFor } from './test-support/wait-for';

/**
 * The realtime bus across instances (decision 029): two server processes on
 * one PostgreSQL database, a message sent through instance A reaching a
 * WebSocket client of instance B by LISTEN/NOTIFY, and again after B's LISTEN
 * connection is killed and B has connected and listened again by itself.
 * PGlite is one process per data directory, so this runs on PostgreSQL only.
 */
const onPostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const SECRET = 'scale-out-instances-share-this-secret-0123456789';

onPostgres('the realtime bus across two instances', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: PostgresInstance;
  let b: PostgresInstance;
  let sql: pg.Client;
  const sockets: RealtimeTestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-scale-out-'));
    a = await startPostgresInstance(database.url!, dataDir, SECRET);
    b = await startPostgresInstance(database.url!, dataDir, SECRET);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The pid of an instance's LISTEN connection, once it has one. */
  async function listenPid(instance: PostgresInstance): Promise<number | undefined> {
    const { rows } = await sql.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [listenConnectionName(instance.child.pid)],
    );
    return rows[0]?.pid;
  }

  it('delivers a message sent through A to a client of B, before and after B loses its LISTEN connection', async () => {
    const chief = new TestClient(a.url);
    expect((await chief.signUp('chief@example.com')).status).toBe(200);
    const member = new TestClient(a.url);
    expect((await member.signUp('scaled@example.com')).status).toBe(200);
    const conversationId = (await answer(member.api.me.messages.$get({ query: {} }))).body.conversation_id;

    // The member's browser talks to B; the coach answers through A.
    const onB = await RealtimeTestClient.connect(b.url, { cookie: member.cookieHeader() });
    sockets.push(onB);
    expect(await onB.join(conversationChannel(conversationId))).toMatchObject({ type: 'joined' });
    const coachOnB = await RealtimeTestClient.connect(b.url, { cookie: chief.cookieHeader() });
    sockets.push(coachOnB);
    expect(await coachOnB.join(INBOX_CHANNEL)).toMatchObject({ type: 'joined' });

    const isMessage = (id: string) => (f: RealtimeServerFrame) => f.type === 'message' && f.message.id === id;
    const send = async (text: string) => {
      const res = await answer(
        chief.api.admin.conversations[':conversationId'].messages.$post({
          param: { conversationId },
          json: { message: text },
        }),
      );
      expect(res.status).toBe(201);
      return res.body;
    };

    // The member's socket gets the member's view of a reply (decision 061): the coach's first name, no id.
    const first = await send('Sent through A');
    expect(await onB.next(isMessage(first.id), 'the first message on B')).toMatchObject({ message: forMember(first) });
    // The member writes through A too: the coach's inbox on B hears of it.
    expect((await answer(member.api.me.messages.$post({ json: { message: 'Thanks!' } }))).status).toBe(201);
    await coachOnB.next((f) => f.type === 'inbox_changed', 'the inbox change on B');

    // Kill B's LISTEN connection, as a PostgreSQL restart or a network cut would.
    const before = await waitFor(() => listenPid(b), "B's LISTEN connection");
    const { rows } = await sql.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [before]);
    expect(rows[0]!.ended).toBe(true);
    // Sent while B may still be reconnecting: B catches it up from the database once it listens again.
    const during = await send('Sent while B was cut off');
    const after = await waitFor(async () => {
      const pid = await listenPid(b);
      return pid !== undefined && pid !== before && pid;
    }, "B's new LISTEN connection");
    expect(after).not.toBe(before);
    const later = await send('Sent after B listened again');

    for (const message of [during, later]) {
      expect(await onB.next(isMessage(message.id), message.message)).toMatchObject({ message: forMember(message) });
    }
    // Each exactly once, and B's sockets survived the bus's outage.
    await onB.heartbeat();
    for (const message of [first, during, later]) {
      expect(onB.frames.filter(isMessage(message.id))).toHaveLength(1);
    }
    expect(b.child.exitCode).toBeNull();
  }, 60_000);
});
