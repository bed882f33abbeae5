import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_CHANNEL, REPLY_WAITING_MAIL } from '@app/shared';
import { notificationSettings } from '../../db/schema';
import {
  coachMember,
  memberSays,
  memberSaysAndWait,
  type CoachTestMember,
} from '../../test-support/coach-conversations';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { RealtimeTestClient } from '../../test-support/realtime-client';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { createSettableClock } from '../programme/clock';

/**
 * Telling people a message is waiting (decision 063), on a real server: the
 * member's unread count, the reply-waiting mail against a clock the test moves
 * (after the delay, not once seen, at most once per window, a signed one-click
 * opt-out), the coach digest for coaches who are away, and urgent
 * conversations reaching every coach.
 */
const clock = createSettableClock();
const COACHES = ['notify-lead@example.com', 'notify-coach@example.com'];
const MINUTE = 60_000;
let server: TestServer;
const coaches: TestClient[] = [];
const coachIds: string[] = [];
const sockets: RealtimeTestClient[] = [];
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer(
    {
      ADMIN_EMAILS: COACHES.join(','),
      REPLY_MAIL_DELAY_MINUTES: '30',
      REPLY_MAIL_WINDOW_HOURS: '4',
      COACH_DIGEST_INTERVAL_MINUTES: '60',
      COACH_ONLINE_MINUTES: '5',
    },
    { programmeClock: clock, programmeSchedulerOff: true },
  );
  for (const email of COACHES) {
    const coach = server.client();
    coachIds.push((await coach.signUp(email)).body.user.id);
    coaches.push(coach);
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.close();
  await server?.close();
});

/** Moves the clock `minutes` past the real time and runs one pass, as the scheduler's loop does. */
async function passAt(minutes: number) {
  clock.set(new Date(Date.now() + minutes * MINUTE));
  return server.runNotificationPass();
}

async function coachReplies(member: CoachTestMember, text: string) {
  const sent = await answer(
    coaches[0]!.api.admin.conversations[':conversationId'].messages.$post({
      param: { conversationId: member.conversationId },
      json: { message: text },
    }),
  );
  expect(sent.status).toBe(201);
}

const emailOf = async (member: CoachTestMember) =>
  ((await answer(member.client.api.me.profile.$get())).body as { email: string }).email;
const replyMails = async (member: CoachTestMember) =>
  (await mailRowsTo(db(), await emailOf(member))).filter((m) => m.subject.startsWith(REPLY_WAITING_MAIL.subject));
const unreadOf = async (member: CoachTestMember) =>
  (await answer(member.client.api.me.notifications.$get())).body as { unread_replies: number; conversation_id: string };

describe('the member’s unread replies', () => {
  it('counts the messages to the member they have not seen, and none once they read them', async () => {
    const member = await coachMember(server);
    expect(await unreadOf(member)).toEqual({ conversation_id: member.conversationId, unread_replies: 0 });
    await coachReplies(member, 'Hello from your coach');
    await coachReplies(member, 'One more thought');
    expect((await unreadOf(member)).unread_replies).toBe(2);
    expect((await answer(member.client.api.me.messages.read.$post())).status).toBe(200);
    expect((await unreadOf(member)).unread_replies).toBe(0);
  });
});

describe('the reply-waiting mail', () => {
  it('goes after the delay, without the reply’s words, at most once per window', async () => {
    const member = await coachMember(server);
    await coachReplies(member, 'Your secret plan for Tuesday');
    expect((await passAt(29)).replies).toBe(0);
    expect(await replyMails(member)).toHaveLength(0);

    await passAt(31);
    const [mail, ...more] = await replyMails(member);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`${REPLY_WAITING_MAIL.subject} (Calm Space)`);
    expect(mail!.text).toContain(REPLY_WAITING_MAIL.line);
    expect(mail!.text).not.toContain('Tuesday');
    expect(mail!.html).not.toContain('Tuesday');

    // Later passes, and a newer reply inside the window, send nothing more.
    await passAt(40);
    await coachReplies(member, 'Another reply');
    await passAt(3 * 60);
    expect(await replyMails(member)).toHaveLength(1);
    // Once the window has passed, the newer reply, still unseen, is mailed about once more.
    await passAt(4 * 60 + 32);
    expect(await replyMails(member)).toHaveLength(2);
    await passAt(4 * 60 + 40);
    expect(await replyMails(member)).toHaveLength(2);
  });

  it('does not go when the member has seen the reply', async () => {
    const member = await coachMember(server);
    await coachReplies(member, 'Seen in time');
    expect((await answer(member.client.api.me.messages.read.$post())).status).toBe(200);
    await passAt(31);
    expect(await replyMails(member)).toHaveLength(0);
  });

  it('stops with the signed one-click link, which a forged or merely opened link does not do', async () => {
    const member = await coachMember(server);
    await coachReplies(member, 'Hello');
    await passAt(31);
    const [mail] = await replyMails(member);
    const url = /(http:\S+\/api\/programme\/unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const settings = () => answer(member.client.api.me.notifications.settings.$get());
    expect((await settings()).body).toEqual({ reply_mails: true });

    // Opening the link (a mail scanner does) changes nothing; a forged token is refused.
    expect((await fetch(url)).status).toBe(200);
    expect((await settings()).body).toEqual({ reply_mails: true });
    const forged = await fetch(
      url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      { method: 'POST' },
    );
    expect(forged.status).toBe(400);
    expect((await settings()).body).toEqual({ reply_mails: true });

    // The mail app's one click (RFC 8058).
    const done = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('we will not mail you about replies any more');
    expect((await settings()).body).toEqual({ reply_mails: false });

    // A new reply, unseen past the window: no mail.
    await coachReplies(member, 'Are you there?');
    await passAt(5 * 60);
    expect(await replyMails(member)).toHaveLength(1);
  });

  it('is turned back on from the profile, and refuses a setting that is not one', async () => {
    const member = await coachMember(server);
    const bad = await member.client.put('/api/me/notifications/settings', { reply_mails: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { reply_mails: ['reply_mails must be true or false'] } });
    const off = await answer(member.client.api.me.notifications.settings.$put({ json: { reply_mails: false } }));
    expect(off.body).toEqual({ reply_mails: false });
    const on = await answer(member.client.api.me.notifications.settings.$put({ json: { reply_mails: true } }));
    expect(on.body).toEqual({ reply_mails: true });
    const [row] = await db().select().from(notificationSettings).where(eq(notificationSettings.userId, member.id));
    expect(row!.replyMails).toBe(true);
  });
});

describe('the coach side', () => {
  const digests = async (email: string) =>
    (await mailRowsTo(db(), email)).filter((m) => /new messages from members/.test(m.subject));

  it('counts the conversations waiting for the coach, and mails a digest to the coach who is away, once per interval', async () => {
    // The first coach is online: an admin socket is open.
    const online = await RealtimeTestClient.connect(server.url, { cookie: coaches[0]!.cookieHeader() });
    sockets.push(online);
    // Joined: the hub holds the socket.
    expect(await online.join(INBOX_CHANNEL)).toMatchObject({ type: 'joined' });
    const member = await coachMember(server);
    const before = (await answer(coaches[1]!.api.admin.notifications.$get())).body as { unread_messages: number };
    await memberSays(member, 'A message for the team');
    const after = await answer(coaches[1]!.api.admin.notifications.$get());
    expect(after.body).toMatchObject({ unread_messages: before.unread_messages + 1 });
    expect((after.body as { latest_at: string | null }).latest_at).not.toBeNull();
    // A member may not read it.
    expect((await answer(member.client.api.admin.notifications.$get())).status).toBe(403);

    const [leadBefore, coachBefore] = [await digests(COACHES[0]!), await digests(COACHES[1]!)];
    await passAt(1);
    const coachMails = await digests(COACHES[1]!);
    expect(coachMails).toHaveLength(coachBefore.length + 1);
    expect(coachMails.at(-1)!.text).not.toContain('A message for the team');
    expect(coachMails.at(-1)!.text).toContain('/admin/messages');
    expect(await digests(COACHES[0]!)).toHaveLength(leadBefore.length);

    // Within the interval nothing more, however much is written.
    await memberSays(member, 'And another');
    await passAt(30);
    expect(await digests(COACHES[1]!)).toHaveLength(coachBefore.length + 1);
    // After it, the next digest; the coach online still gets none.
    await passAt(62);
    expect(await digests(COACHES[1]!)).toHaveLength(coachBefore.length + 2);
    expect(await digests(COACHES[0]!)).toHaveLength(leadBefore.length);
  });

  it('counts a conversation assigned to one coach for that coach, not for the others', async () => {
    const count = async (coach: TestClient) =>
      ((await answer(coach.api.admin.notifications.$get())).body as { unread_messages: number }).unread_messages;
    const member = await coachMember(server);
    const [leadBefore, coachBefore] = [await count(coaches[0]!), await count(coaches[1]!)];
    await memberSays(member, 'Waiting for whoever takes me');
    expect([await count(coaches[0]!), await count(coaches[1]!)]).toEqual([leadBefore + 1, coachBefore + 1]);
    const assigned = await answer(
      coaches[0]!.api.admin.conversations[':conversationId'].assignee.$put({
        param: { conversationId: member.conversationId },
        json: { coach_id: coachIds[0]! },
      }),
    );
    expect(assigned.status).toBe(200);
    expect([await count(coaches[0]!), await count(coaches[1]!)]).toEqual([leadBefore + 1, coachBefore]);
  });

  it('tells every coach of an urgent conversation: the crisis mail at once, and the count', async () => {
    const member = await coachMember(server);
    const urgentMails = async (to: string) =>
      (await mailRowsTo(db(), to)).filter((m) => m.subject.startsWith('Urgent'));
    const mailsBefore = await Promise.all(COACHES.map(urgentMails));
    await memberSaysAndWait(server, member, 'I want to kill myself tonight, I have the pills ready.');
    for (const [i, coach] of coaches.entries()) {
      await waitFor(
        async () => (await urgentMails(COACHES[i]!)).length === mailsBefore[i]!.length + 1 || undefined,
        'the crisis mail',
      );
      const waiting = await answer(coach.api.admin.notifications.$get());
      expect((waiting.body as { urgent_conversations: number }).urgent_conversations).toBeGreaterThanOrEqual(1);
    }
  });
});
