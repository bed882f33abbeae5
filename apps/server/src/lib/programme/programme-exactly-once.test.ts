import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_QUESTION, DEFAULT_PROGRAMME_SETTINGS } from '@app/shared';
import { loadConfig } from '../../env';
import { chatMessages, programmeDeliveries } from '../../db/schema';
import { memberConversationId } from '../chat/conversations';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../../server';
import { freePort } from '../../test-support/free-port';
import { answer, TestClient } from '../../test-support/test-client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test-support/test-database';
import { waitFor } from '../../test-support/wait-for';
import { createSettableClock } from './clock';

/**
 * Exactly-once (decision 058): two instances on one PostgreSQL database run
 * their scheduling passes at the same moment, again and again, and each due
 * item is recorded and posted once; an instance started later (a restart)
 * finds every key taken, and catches up an item missed while everything was
 * down only within the catch-up. PGlite is one process's database, so this
 * runs on PostgreSQL only.
 */
const onPostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const SECRET = 'programme-instances-share-this-secret-0123456789';

onPostgres('the programme on two instances of one database', () => {
  let database: TestDatabase;
  const running: RunningServer[] = [];

  async function instance(clock = createSettableClock()) {
    const port = await freePort();
    const config = loadConfig({
      APP_ENV: 'local',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: 'memory://',
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      AUTH_RATE_LIMIT_MAX: '10000',
      SIGN_IN_RATE_LIMIT_MAX: '10000',
      MAIL_PER_RECIPIENT_MAX: '10000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      COACH_MODE: 'off',
    });
    const server = await startServer(config, createLogger('silent'), {
      programmeClock: clock,
      programmeSchedulerOff: true,
    });
    running.push(server);
    return { server, clock };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of running) await server.close().catch(() => {});
    await database?.drop();
  });

  const itemsOf = (userId: string) =>
    database &&
    running[0]!.database.db.select().from(programmeDeliveries).where(eq(programmeDeliveries.userId, userId));

  it('records and posts each due item once, whichever instance and however many passes', async () => {
    const a = await instance();
    const b = await instance();
    const members: string[] = [];
    for (const n of [1, 2, 3]) {
      const client = new TestClient(a.server.url);
      const signedUp = await client.signUp(`programme-twin-${n}-${Date.now()}@example.com`);
      members.push(signedUp.body.user.id);
      const saved = await answer(
        client.api.me.programme.$put({
          json: {
            ...DEFAULT_PROGRAMME_SETTINGS,
            checkins_enabled: true,
            checkin_days: [1, 2, 3, 4, 5, 6, 7],
            time_zone: n === 3 ? 'America/New_York' : 'Europe/London',
            mail_nudges: false,
          },
        }),
      );
      expect(saved.status).toBe(200);
    }
    // 09:00 in London and 09:00 in New York, on the same day: passes on both instances at once, at each.
    for (const iso of [
      '2026-03-02T09:00:00Z',
      '2026-03-02T09:01:00Z',
      '2026-03-02T14:00:00Z',
      '2026-03-02T14:30:00Z',
    ]) {
      a.clock.set(new Date(iso));
      b.clock.set(new Date(iso));
      await Promise.all([
        a.server.runProgrammePass(),
        b.server.runProgrammePass(),
        a.server.runProgrammePass(),
        b.server.runProgrammePass(),
      ]);
    }
    const db = a.server.database.db;
    for (const member of members) {
      const items = await itemsOf(member);
      expect(items.map((i) => i.periodKey)).toEqual(['2026-03-02']);
      await waitFor(async () => {
        const [item] = await itemsOf(member);
        return item?.status === 'sent';
      }, 'the check-in sent');
      const conversationId = await memberConversationId(db, member);
      const questions = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.message, CHECKIN_QUESTION)));
      expect(questions).toHaveLength(1);
    }

    // A restart: B stops, C starts on the same database and runs its passes at the same moments.
    await b.server.close();
    running.splice(running.indexOf(b.server), 1);
    const c = await instance();
    c.clock.set(new Date('2026-03-02T09:05:00Z'));
    expect(await c.server.runProgrammePass()).toBe(0);

    // Everything down at 09:00 the next day: back at 11:30 London time, the London check-ins still go
    // (2.5 hours late, within the 3-hour catch-up; New York's is not due yet) ...
    c.clock.set(new Date('2026-03-03T11:30:00Z'));
    expect(await c.server.runProgrammePass()).toBe(2);
    // ... and next back at 12:31 New York time (3.5 hours after its 09:00): too late, never sent.
    c.clock.set(new Date('2026-03-03T17:31:00Z'));
    expect(await c.server.runProgrammePass()).toBe(0);
    expect((await itemsOf(members[2]!)).map((i) => i.periodKey)).toEqual(['2026-03-02']);
  });
});
