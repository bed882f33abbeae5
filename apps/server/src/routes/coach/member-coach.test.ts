import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COACH_ALSO_READS } from '../../lib/coach/coach-memory';
import { coachNotes, conversations } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import { setCoachMode } from '../../lib/coach/coach-settings';
import { changeAutomationStateIn } from '../../lib/coach/conversation-state';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'memory-admin@example.com', COACH_MODE: 'automatic' });
  adminId = (await server.client().signUp('memory-admin@example.com')).body.user.id;
});
afterAll(() => server.close());

const db = () => server.database.db;
let seq = 0;
async function member(name = 'Mo Member') {
  const client = server.client();
  const id: string = (await client.signUp(`memory-member${++seq}@example.com`, 'calm-river-42', name)).body.user.id;
  return { client, id };
}

/** What the coach remembers, written as the pipeline would: the conversation's summary and notes. */
async function remember(memberId: string, summary: string, notes: string[]) {
  const conversationId = await memberConversationId(db(), memberId);
  await db()
    .update(conversations)
    .set({ coachSummary: summary, coachSummaryThrough: new Date() })
    .where(eq(conversations.id, conversationId));
  for (const text of notes) await db().insert(coachNotes).values({ memberId, text });
  return conversationId;
}

const coachOf = (client: TestClient) => answer(client.api.me.coach.$get());
const memoryOf = (client: TestClient) => answer(client.api.me.coach.memory.$get());
const forget = (client: TestClient) => answer(client.api.me.coach.memory.$delete());

describe('who answers the member', () => {
  it('is the AI while their conversation is on and the AI answers by itself, else a person', async () => {
    const m = await member();
    // No conversation yet: it will start as the AI's.
    expect((await coachOf(m.client)).body).toEqual({ answered_by: 'ai', state: 'on' });

    const conversationId = await memberConversationId(db(), m.id);
    await changeAutomationStateIn(db(), { conversationId, to: 'paused', changedBy: adminId });
    expect((await coachOf(m.client)).body).toEqual({ answered_by: 'person', state: 'paused' });
    await changeAutomationStateIn(db(), { conversationId, to: 'crisis', changedBy: null });
    expect((await coachOf(m.client)).body).toEqual({ answered_by: 'person', state: 'crisis' });
    await changeAutomationStateIn(db(), { conversationId, to: 'on', changedBy: adminId, from: ['crisis'] });
    expect((await coachOf(m.client)).body.answered_by).toBe('ai');

    for (const mode of ['drafts', 'off'] as const) {
      await setCoachMode(db(), mode, adminId);
      expect((await coachOf(m.client)).body).toEqual({ answered_by: 'person', state: 'on' });
    }
    await setCoachMode(db(), 'automatic', adminId);
  });

  it('is for signed-in members', async () => {
    expect((await coachOf(server.client())).status).toBe(401);
    expect((await memoryOf(server.client())).status).toBe(401);
    expect((await forget(server.client())).status).toBe(401);
  });
});

describe('what the coach remembers', () => {
  it('shows the member their own summary and notes, newest note first, and what else the coach reads', async () => {
    const m = await member();
    const other = await member();
    await remember(m.id, 'Preparing for a performance review; walks help.', [
      'Prefers short steps',
      'Review on Friday',
    ]);
    await remember(other.id, 'Otto’s private summary', ['Otto’s private note']);

    const { status, body } = await memoryOf(m.client);
    expect(status).toBe(200);
    expect(body.summary).toBe('Preparing for a performance review; walks help.');
    expect(body.notes.map((n) => n.text).sort()).toEqual(['Prefers short steps', 'Review on Friday']);
    expect(body.also_reads).toEqual([...COACH_ALSO_READS]);
    expect(JSON.stringify(body)).not.toContain('Otto');
  });

  it('answers an empty memory to a member the coach knows nothing of', async () => {
    const m = await member();
    expect((await memoryOf(m.client)).body).toEqual({ summary: null, notes: [], also_reads: [...COACH_ALSO_READS] });
  });

  it('forgets it all at the member’s word, and only theirs', async () => {
    const m = await member();
    const other = await member();
    const conversationId = await remember(m.id, 'A summary to forget', ['A note to forget']);
    const otherConversation = await remember(other.id, 'Kept', ['Kept note']);

    expect((await forget(m.client)).status).toBe(204);
    expect((await memoryOf(m.client)).body).toMatchObject({ summary: null, notes: [] });
    const [row] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row).toMatchObject({ coachSummary: null, coachSummaryThrough: null });

    const [kept] = await db().select().from(conversations).where(eq(conversations.id, otherConversation));
    expect(kept!.coachSummary).toBe('Kept');
    expect(await db().select().from(coachNotes).where(eq(coachNotes.memberId, other.id))).toHaveLength(1);
  });

  it('is in the member’s account export, and another member’s is not', async () => {
    const m = await member();
    const other = await member();
    await remember(m.id, 'Exported summary', ['Exported note']);
    await remember(other.id, 'Not theirs', ['Not their note']);
    const exported = await answer(m.client.api.me.export.$get());
    expect(exported.status).toBe(200);
    expect(exported.body.coach_memory).toEqual({
      summary: 'Exported summary',
      notes: [{ text: 'Exported note', created_at: expect.any(String) }],
    });
    expect(JSON.stringify(exported.body)).not.toContain('Not their');
  });
});
