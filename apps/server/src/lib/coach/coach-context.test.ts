import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  chatMessages,
  checkins,
  coachNotes,
  conversations,
  strategicPrompts,
  strategicPromptUserRatings,
  userReflections,
} from '../../db/schema';
import { coachMember } from '../../test-support/coach-conversations';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { todaysPrompt } from '../content/todays-prompt';
import { CONTEXT_LIMITS, memberContext } from './coach-context';

/**
 * What the coach is told about one member (decision 057): each part, its
 * order and its bounds, read straight from the database, and nothing of
 * anyone else's. The golden conversations check the same context reaching the model.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
/** Today's prompt as the dashboard's route picks it, in the shape the coach's context holds it. */
async function promptAsCoachSeesIt(focusAreaId: string | null, now: Date) {
  const prompt = await todaysPrompt(db(), focusAreaId, now);
  return prompt && { title: prompt.title, text: prompt.promptText };
}
const minutesAgo = (base: Date, minutes: number) => new Date(base.getTime() - minutes * 60_000);

/** A member with more of everything than the coach is given, each row a minute older than the one before. */
async function fillMemory(memberId: string, conversationId: string, label: string, now: Date) {
  const prompts = await db().select().from(strategicPrompts).orderBy(asc(strategicPrompts.title)).limit(5);
  const count = (limit: number) => Array.from({ length: limit + 2 }, (_, i) => i);
  await db()
    .insert(userReflections)
    .values(
      count(CONTEXT_LIMITS.reflections).map((i) => ({
        userId: memberId,
        strategicPromptId: i === 0 ? prompts[0]!.id : null,
        reflectionText: `${label} reflection ${i} `.padEnd(CONTEXT_LIMITS.reflectionChars + 50, 'x'),
        createdAt: minutesAgo(now, i),
      })),
    );
  await db()
    .insert(strategicPromptUserRatings)
    .values(
      prompts.map((prompt, i) => ({
        userId: memberId,
        strategicPromptId: prompt.id,
        rating: (i % 5) + 1,
        updatedAt: minutesAgo(now, i),
      })),
    );
  await db()
    .insert(coachNotes)
    .values(
      count(CONTEXT_LIMITS.notes).map((i) => ({ memberId, text: `${label} note ${i}`, createdAt: minutesAgo(now, i) })),
    );
  await db()
    .insert(checkins)
    .values(
      count(CONTEXT_LIMITS.checkins).map((i) => ({
        userId: memberId,
        score: i % 11,
        note: i === 0 ? `${label} check-in` : null,
        createdAt: minutesAgo(now, i),
      })),
    );
  const turns = count(CONTEXT_LIMITS.turns).map((i) => ({
    conversationId,
    senderId: i % 2 === 0 ? memberId : null,
    authorKind: i % 2 === 0 ? ('member' as const) : ('automation' as const),
    message: `${label} turn ${i}`,
    createdAt: minutesAgo(now, i),
  }));
  await db()
    .insert(chatMessages)
    .values([
      ...turns,
      // A system note (a link made) is no turn, even the newest.
      { conversationId, senderId: null, authorKind: 'system' as const, message: `${label} linked`, createdAt: now },
    ]);
  await db()
    .update(conversations)
    .set({ coachSummary: `${label} summary` })
    .where(eq(conversations.id, conversationId));
  return { prompts };
}

describe('memberContext', () => {
  it('gives the member’s own newest memory, bounded and in order, and nothing of another member’s', async () => {
    const now = new Date();
    const other = await coachMember(server, { focus: 'leadership', tone: 'direct' });
    await fillMemory(other.id, other.conversationId, 'OTHER', now);
    const mia = await coachMember(server, { focus: 'burnout-recovery', tone: 'gentle' });
    const { prompts } = await fillMemory(mia.id, mia.conversationId, 'Mia', now);

    const context = await memberContext(db(), mia.conversationId, mia.id, now);

    expect(context.focusArea).toEqual({ value: 'burnout-recovery', label: 'Burnout Recovery' });
    expect(context.tone).toMatchObject({ value: 'gentle', title: 'Gentle Guide' });
    expect(context.tone!.subtitle).not.toBe('');
    const [area] = await db()
      .select({ id: strategicPrompts.focusAreaId })
      .from(strategicPrompts)
      .where(eq(strategicPrompts.title, context.prompt!.title));
    expect(context.prompt).toEqual(await promptAsCoachSeesIt(area!.id, now));
    expect(context.summary).toBe('Mia summary');

    expect(context.reflections.map((r) => r.text.split(' ').slice(0, 3).join(' '))).toEqual([
      'Mia reflection 0',
      'Mia reflection 1',
      'Mia reflection 2',
    ]);
    expect(context.reflections.every((r) => r.text.length === CONTEXT_LIMITS.reflectionChars)).toBe(true);
    expect(context.reflections.map((r) => r.promptTitle)).toEqual([prompts[0]!.title, null, null]);
    expect(context.reflections[0]!.at).toEqual(now);

    expect(context.ratings).toEqual(prompts.slice(0, 3).map((p, i) => ({ promptTitle: p.title, rating: i + 1 })));
    expect(context.notes).toEqual(Array.from({ length: CONTEXT_LIMITS.notes }, (_, i) => `Mia note ${i}`));
    expect(context.checkins).toHaveLength(CONTEXT_LIMITS.checkins);
    expect(context.checkins![0]).toEqual({ score: 0, note: 'Mia check-in', at: now });
    expect(context.checkins!.map((c) => c.score)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    // The last twelve turns, oldest first: the member's as user, the AI's as assistant; no system note.
    expect(context.turns).toHaveLength(CONTEXT_LIMITS.turns);
    expect(context.turns.at(0)).toEqual({ role: 'assistant', content: 'Mia turn 11' });
    expect(context.turns.at(-1)).toEqual({ role: 'user', content: 'Mia turn 0' });
    expect(context.turns.map((t) => t.role)).toEqual(
      Array.from({ length: CONTEXT_LIMITS.turns }, (_, i) => (i % 2 === 0 ? 'assistant' : 'user')),
    );
    expect(JSON.stringify(context)).not.toContain('OTHER');
  });

  it('replaces a voice note’s caption with its words', async () => {
    const now = new Date();
    const member = await coachMember(server);
    const [voice] = await db()
      .insert(chatMessages)
      .values({
        conversationId: member.conversationId,
        senderId: member.id,
        authorKind: 'member',
        message: 'Voice note',
        createdAt: now,
      })
      .returning({ id: chatMessages.id });
    const context = await memberContext(db(), member.conversationId, member.id, now, {
      [voice!.id]: 'I could not sleep before the launch.',
    });
    expect(context.turns).toEqual([{ role: 'user', content: 'I could not sleep before the launch.' }]);
  });

  it('knows nothing yet of a new member but offers a prompt', async () => {
    const now = new Date();
    const member = await coachMember(server);
    const context = await memberContext(db(), member.conversationId, member.id, now);
    expect(context).toEqual({
      focusArea: null,
      tone: null,
      prompt: await promptAsCoachSeesIt(null, now),
      reflections: [],
      ratings: [],
      summary: null,
      notes: [],
      checkins: [],
      turns: [],
    });
    expect(context.prompt).not.toBeNull();
  });
});
