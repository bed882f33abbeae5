import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { conversationChannel } from '@app/shared';
import { auditLog, betaSeats, chatMessages, coachDrafts, coachUsage, conversations } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import { postMessage } from '../../lib/chat/post-message';
import { storeDraft } from '../../lib/coach/coach-drafts';
import { changeAutomationStateIn } from '../../lib/coach/conversation-state';
import { RealtimeTestClient } from '../../test-support/realtime-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach-lead@example.com', COACH_MODE: 'automatic' });
  admin = server.client();
  adminId = (await admin.signUp('coach-lead@example.com', 'calm-river-42', 'Cora Lead')).body.user.id;
});
afterAll(() => server.close());

let seq = 0;
/** A signed-in member with a Free Beta Access place, and their conversation. */
async function member(name = 'Mia Member') {
  const client = server.client();
  const id: string = (await client.signUp(`coach-member${++seq}@example.com`, 'calm-river-42', name)).body.user.id;
  await server.database.db.insert(betaSeats).values({ userId: id });
  return { client, id, conversationId: await memberConversationId(server.database.db, id) };
}

const db = () => server.database.db;
const settings = (as = admin) => answer(as.api.admin.coach.settings.$get());
const setMode = (mode: 'off' | 'drafts' | 'automatic', as = admin) =>
  answer(as.api.admin.coach.settings.$put({ json: { mode } }));
const setState = (conversationId: string, state: 'on' | 'paused' | 'handed_to_human', as = admin) =>
  answer(as.api.admin.conversations[':conversationId'].coach.$put({ param: { conversationId }, json: { state } }));
const sendDraft = (conversationId: string, draftId: string, json: { text?: string } = {}, as = admin) =>
  answer(
    as.api.admin.conversations[':conversationId'].coach.drafts[':draftId'].send.$post({
      param: { conversationId, draftId },
      json,
    }),
  );
const discardDraft = (conversationId: string, draftId: string, as = admin) =>
  answer(
    as.api.admin.conversations[':conversationId'].coach.drafts[':draftId'].discard.$post({
      param: { conversationId, draftId },
    }),
  );
const latestAudit = (action: string) =>
  db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt)).limit(1);
const messagesOf = (conversationId: string) =>
  db().select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the coach settings', () => {
  it('answers the configured default until a coach sets one, and this month’s tokens', async () => {
    const someone = await member();
    const today = new Date().toISOString().slice(0, 10);
    await db()
      .insert(coachUsage)
      .values({ memberId: someone.id, day: today, promptTokens: 1200, completionTokens: 300 });
    // Last year's use is not this month's.
    await db().insert(coachUsage).values({ memberId: someone.id, day: '2020-01-15', promptTokens: 9999 });

    const { status, body } = await settings();
    expect(status).toBe(200);
    expect(body).toEqual({
      mode: 'automatic',
      model_configured: false,
      transcription_configured: false,
      external_automation: false,
      month_tokens_used: 1500,
      month_token_budget: 5_000_000,
      updated_at: null,
      updated_by_name: null,
    });
  });

  it('sets the mode, audited with from and to, and names who set it', async () => {
    const { status, body } = await setMode('drafts');
    expect(status).toBe(200);
    expect(body).toMatchObject({ mode: 'drafts', updated_by_name: 'Cora Lead' });
    expect(body.updated_at).not.toBeNull();
    const [entry] = await latestAudit('coach.mode');
    expect(entry).toMatchObject({ actorId: adminId, targetUserId: null, details: { from: 'automatic', to: 'drafts' } });

    // The kill switch: stored, and read back by every reader.
    expect((await setMode('off')).body.mode).toBe('off');
    expect((await settings()).body.mode).toBe('off');
    const [off] = await latestAudit('coach.mode');
    expect(off!.details).toEqual({ from: 'drafts', to: 'off' });
    await setMode('automatic');
  });

  it('is for admins only, and refuses a mode it does not know', async () => {
    const { client } = await member();
    expect((await settings(server.client())).status).toBe(401);
    expect((await settings(client)).status).toBe(403);
    expect((await setMode('off', client)).status).toBe(403);
    const bad = await admin.put('/api/admin/coach/settings', { mode: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.mode).toBeDefined();
    expect((await settings()).body.mode).toBe('automatic');
  });
});

describe('a conversation’s coach state', () => {
  it('pauses, hands over and resumes, audited against the member, answering the inbox’s coach view', async () => {
    const m = await member();
    const paused = await setState(m.conversationId, 'paused');
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({
      state: 'paused',
      urgent_since: null,
      risk_level: 'none',
      risk_categories: [],
      draft: null,
    });
    const [entry] = await latestAudit('coach.state');
    expect(entry).toMatchObject({
      actorId: adminId,
      targetUserId: m.id,
      details: { conversation_id: m.conversationId, from: 'on', to: 'paused' },
    });
    expect((await setState(m.conversationId, 'handed_to_human')).body.state).toBe('handed_to_human');
    expect((await setState(m.conversationId, 'on')).body.state).toBe('on');
    const [row] = await db().select().from(conversations).where(eq(conversations.id, m.conversationId));
    expect(row!.automationStateChangedBy).toBe(adminId);
  });

  it('tells the conversation’s watchers live', async () => {
    const m = await member();
    const socket = await RealtimeTestClient.connect(server.url, { cookie: admin.cookieHeader() });
    try {
      await socket.join(conversationChannel(m.conversationId));
      await setState(m.conversationId, 'paused');
      const frame = await socket.next((f) => f.type === 'automation', 'the new state');
      expect(frame).toMatchObject({ conversation_id: m.conversationId, state: 'paused' });
    } finally {
      socket.close();
    }
  });

  it('ends a crisis only at a coach’s word, clearing the urgent flag and the risk seen', async () => {
    const m = await member();
    await changeAutomationStateIn(db(), { conversationId: m.conversationId, to: 'crisis', changedBy: null });
    await db()
      .update(conversations)
      .set({ riskLevel: 'imminent', riskCategories: ['suicide'] })
      .where(eq(conversations.id, m.conversationId));
    const header = await answer(
      admin.api.admin.conversations[':conversationId'].$get({ param: { conversationId: m.conversationId } }),
    );
    expect(header.body.coach.urgent_since).not.toBeNull();

    const { status, body } = await setState(m.conversationId, 'on');
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'on', urgent_since: null, risk_level: 'none', risk_categories: [] });
    const [entry] = await latestAudit('coach.state');
    expect(entry!.details).toMatchObject({ from: 'crisis', to: 'on' });
  });

  it('refuses crisis as a coach’s choice, unknown conversations, and everyone but admins', async () => {
    const m = await member();
    const crisis = await admin.put(`/api/admin/conversations/${m.conversationId}/coach`, { state: 'crisis' });
    expect(crisis.status).toBe(400);
    expect((await setState(UNKNOWN_ID, 'paused')).status).toBe(404);
    expect((await admin.put('/api/admin/conversations/not-an-id/coach', { state: 'on' })).status).toBe(400);
    expect((await setState(m.conversationId, 'paused', server.client())).status).toBe(401);
    expect((await setState(m.conversationId, 'paused', m.client)).status).toBe(403);
  });
});

describe('the AI’s drafts', () => {
  async function memberWithDraft(text = 'A small step: list the three things that matter most this week.') {
    const m = await member();
    // Written without the coach's job (the route would queue one, and the AI would answer it beside the draft).
    const sent = await postMessage(
      { db: db(), realtime: server.realtime },
      { conversationId: m.conversationId, author: { kind: 'member', userId: m.id }, text: 'My review is tomorrow' },
    );
    if (sent.outcome !== 'created') throw new Error('member message not written');
    const draft = await storeDraft(db(), { conversationId: m.conversationId, text, replyToMessageId: sent.message.id });
    return { ...m, draft };
  }
  const draftRow = async (id: string) => (await db().select().from(coachDrafts).where(eq(coachDrafts.id, id)))[0]!;

  it('shows the waiting draft in the inbox; a newer one replaces it', async () => {
    const m = await memberWithDraft('first');
    const newer = await storeDraft(db(), { conversationId: m.conversationId, text: 'second' });
    const header = await answer(
      admin.api.admin.conversations[':conversationId'].$get({ param: { conversationId: m.conversationId } }),
    );
    expect(header.body.coach.draft).toMatchObject({ id: newer.id, text: 'second' });
    expect((await draftRow(m.draft.id)).status).toBe('discarded');
  });

  it('sends a draft as it is: the AI’s text, labelled as the AI coach, marked sent by the coach', async () => {
    const m = await memberWithDraft();
    const { status, body } = await sendDraft(m.conversationId, m.draft.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ author: 'automation', origin: 'model', message: m.draft.text });
    const row = await draftRow(m.draft.id);
    expect(row).toMatchObject({ status: 'sent', decidedBy: adminId });
    expect(row.decidedAt).not.toBeNull();
    const [entry] = await latestAudit('coach.draft_sent');
    expect(entry).toMatchObject({ targetUserId: m.id, details: { draft_id: m.draft.id, edited: false } });
    // The member sees it in their chat.
    const page = await answer(m.client.api.me.messages.$get({ query: {} }));
    expect(page.body.messages.map((msg: { message: string }) => msg.message)).toContain(m.draft.text);

    // Sent once: a second press is refused, and nothing more is written.
    const again = await sendDraft(m.conversationId, m.draft.id);
    expect(again.status).toBe(409);
    expect((await messagesOf(m.conversationId)).filter((msg) => msg.authorKind === 'automation')).toHaveLength(1);
  });

  it('sends an edited draft as the coach’s own reply', async () => {
    const m = await memberWithDraft();
    const { status, body } = await sendDraft(m.conversationId, m.draft.id, {
      text: 'Good luck tomorrow, you prepared well.',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ author: 'coach', origin: null, message: 'Good luck tomorrow, you prepared well.' });
    expect(await draftRow(m.draft.id)).toMatchObject({ status: 'sent', decidedBy: adminId });
    const [entry] = await latestAudit('coach.draft_sent');
    expect(entry!.details).toMatchObject({ edited: true, message_id: body.id });
  });

  it('never sends the AI’s own text into a crisis or with the AI off; the coach may still send it edited', async () => {
    const m = await memberWithDraft();
    await changeAutomationStateIn(db(), { conversationId: m.conversationId, to: 'crisis', changedBy: null });
    const refused = await sendDraft(m.conversationId, m.draft.id);
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('coach_draft_crisis');
    expect((await draftRow(m.draft.id)).status).toBe('pending');

    const other = await memberWithDraft();
    await setMode('off');
    try {
      const off = await sendDraft(other.conversationId, other.draft.id);
      expect(off.status).toBe(409);
      expect(off.error.code).toBe('coach_draft_ai_off');
    } finally {
      await setMode('automatic');
    }

    const edited = await sendDraft(m.conversationId, m.draft.id, {
      text: 'I am here with you. Are you safe right now?',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.author).toBe('coach');
  });

  it('discards a draft, audited; a decided draft cannot be decided again', async () => {
    const m = await memberWithDraft();
    const socket = await RealtimeTestClient.connect(server.url, { cookie: admin.cookieHeader() });
    try {
      await socket.join(conversationChannel(m.conversationId));
      const discarded = await discardDraft(m.conversationId, m.draft.id);
      expect(discarded.status).toBe(204);
      // Other inboxes showing the draft hear of it and re-read the coach side.
      await socket.next((f) => f.type === 'automation', 'the coach side changed');
    } finally {
      socket.close();
    }
    expect(await draftRow(m.draft.id)).toMatchObject({ status: 'discarded', decidedBy: adminId });
    const [entry] = await latestAudit('coach.draft_discarded');
    expect(entry).toMatchObject({ targetUserId: m.id, details: { draft_id: m.draft.id } });
    expect((await discardDraft(m.conversationId, m.draft.id)).status).toBe(409);
    expect((await sendDraft(m.conversationId, m.draft.id)).status).toBe(409);
    expect(await messagesOf(m.conversationId)).toHaveLength(1);
  });

  it('answers 404 for a draft of another conversation or none, 400 for a bad body, and only to admins', async () => {
    const m = await memberWithDraft();
    const other = await member();
    expect((await sendDraft(other.conversationId, m.draft.id)).status).toBe(404);
    expect((await discardDraft(m.conversationId, UNKNOWN_ID)).status).toBe(404);
    expect((await sendDraft(UNKNOWN_ID, m.draft.id)).status).toBe(404);
    const blank = await admin.post(`/api/admin/conversations/${m.conversationId}/coach/drafts/${m.draft.id}/send`, {
      text: '   ',
    });
    expect(blank.status).toBe(400);
    expect((await sendDraft(m.conversationId, m.draft.id, {}, server.client())).status).toBe(401);
    expect((await sendDraft(m.conversationId, m.draft.id, {}, m.client)).status).toBe(403);
    expect((await discardDraft(m.conversationId, m.draft.id, m.client)).status).toBe(403);
    const row = await db()
      .select()
      .from(coachDrafts)
      .where(and(eq(coachDrafts.id, m.draft.id), eq(coachDrafts.status, 'pending')));
    expect(row).toHaveLength(1);
  });
});
