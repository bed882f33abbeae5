import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_MEMBER_NOTE_LENGTH, MAX_NOTES_PER_MEMBER } from '@app/shared';
import {
  betaSeats,
  coachingTones,
  focusAreas,
  memberNotes,
  profiles,
  strategicPrompts,
  subscriptions,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;
const db = () => server.database.db;

const contextOf = (client: TestClient, id: string) =>
  answer(client.api.admin.members[':memberId'].context.$get({ param: { memberId: id } }));
const notesOf = (client: TestClient, id: string) =>
  answer(client.api.admin.members[':memberId'].notes.$get({ param: { memberId: id } }));
const addNote = (client: TestClient, id: string, text: string) =>
  answer(client.api.admin.members[':memberId'].notes.$post({ param: { memberId: id }, json: { text } }));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('coach@example.com', 'calm-river-42', 'Cora Coach')).body.user.id;
  member = server.client();
  memberId = (await member.signUp('mira@example.com', 'calm-river-42', 'Mira Member')).body.user.id;
});
afterAll(() => server.close());

describe('GET /api/admin/members/:memberId/context', () => {
  it('answers what a coach wants beside the conversation: focus, tone, plan, reflections and ratings', async () => {
    const [area] = await db().select().from(focusAreas).limit(1);
    const [tone] = await db().select().from(coachingTones).limit(1);
    await db()
      .update(profiles)
      .set({ focusAreaId: area!.id, coachingToneId: tone!.id, credits: 55 })
      .where(eq(profiles.id, memberId));
    const [prompt] = await db().select().from(strategicPrompts).limit(1);
    const long = `${'I noticed that my shoulders drop when I close the laptop. '.repeat(6)}The end.`;
    expect(
      (
        await answer(
          member.api.me.reflections.$post({ json: { reflection_text: long, strategic_prompt_id: prompt!.id } }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await answer(
          member.api.me['prompt-ratings'][':promptId'].$put({ param: { promptId: prompt!.id }, json: { rating: 4 } }),
        )
      ).status,
    ).toBe(200);

    const res = await contextOf(admin, memberId);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      member_id: memberId,
      full_name: 'Mira Member',
      email: 'mira@example.com',
      is_active: true,
      focus_area: { label: area!.label, description: area!.description },
      coaching_tone: { title: tone!.title, description: tone!.subtitle },
      credits: 55,
      credit_tier: 'Premium',
      whatsapp: null,
      billing: {
        plan_name: 'Base Camp',
        plan: { key: 'base_camp', basis: 'trial', unlimited: false },
        profile_plan: 'Base Camp',
        access: 'trial',
        subscription: null,
        beta_place_since: null,
        trial_conversations_used: 0,
      },
    });
    expect(body.recent_reflections).toHaveLength(1);
    const [reflection] = body.recent_reflections;
    expect(reflection!.prompt_title).toBe(prompt!.title);
    // Cut at a word, with an ellipsis: a side column shows the gist, not the whole text.
    expect(reflection!.excerpt.length).toBeLessThanOrEqual(161);
    expect(reflection!.excerpt.endsWith('…')).toBe(true);
    expect(body.recent_ratings).toEqual([{ prompt_title: prompt!.title, rating: 4, updated_at: expect.any(String) }]);
    expect(Date.now() - Date.parse(body.last_active_at!)).toBeLessThan(60_000);
  });

  it('says what pays for what: a subscription and its end, a beta place, The Space Pass an admin gave', async () => {
    const payer = server.client();
    const payerId = (await payer.signUp('paula@example.com', 'calm-river-42', 'Paula Payer')).body.user.id;
    const end = new Date(Date.now() + 12 * 86_400_000);
    await db().insert(subscriptions).values({
      userId: payerId,
      provider: 'local',
      planKey: 'growth',
      billingPeriod: 'year',
      status: 'active',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
    });
    const paid = (await contextOf(admin, payerId)).body.billing;
    expect(paid).toMatchObject({
      // Growth is sold no more: what it paid for is The Space Pass (decision 065).
      plan_name: 'The Space Pass',
      plan: { basis: 'subscription', ends_at: end.toISOString(), renews_at: null },
      access: 'subscription',
      subscription: {
        tier: 'The Space Pass',
        live: true,
        status: 'active',
        billing_period: 'year',
        period_end: end.toISOString(),
        cancel_at_period_end: true,
      },
    });

    // The Space Pass an admin gave is a grant with an end: the plan, over a beta place; it pays for nothing.
    const tiered = server.client();
    const tieredId = (await tiered.signUp('tia@example.com', 'calm-river-42', 'Tia Tier')).body.user.id;
    expect(
      (
        await answer(
          admin.api.admin.users[':id'].plan.$patch({ param: { id: tieredId }, json: { pricing_plan: 'The Space Pass', days: 30 } }),
        )
      ).status,
    ).toBe(200);
    await db().insert(betaSeats).values({ userId: tieredId });
    const tier = (await contextOf(admin, tieredId)).body.billing;
    expect(tier).toMatchObject({
      plan_name: 'The Space Pass',
      plan: { basis: 'grant', granted_by_team: true, ends_at: expect.any(String) },
      profile_plan: 'Base Camp',
      access: 'grant',
      subscription: null,
    });
    expect(tier.beta_place_since).not.toBeNull();
  });

  it('is for admins only, and 404 for someone who is no member', async () => {
    expect((await contextOf(member, memberId)).status).toBe(403);
    expect((await contextOf(server.client(), memberId)).status).toBe(401);
    const missing = await contextOf(admin, 'nobody-here');
    expect(missing.status).toBe(404);
    expect(missing.error?.error).toBe('Member not found');
  });
});

describe('/api/admin/members/:memberId/notes', () => {
  it('keeps an admin’s note with its author and time, newest first', async () => {
    const first = await addNote(admin, memberId, '  Prefers mornings; mentioned a new manager.  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      text: 'Prefers mornings; mentioned a new manager.',
      author_id: adminId,
      author_name: 'Cora Coach',
    });
    const second = await addNote(admin, memberId, 'Asked for shorter check-ins.');
    const list = await notesOf(admin, memberId);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.notes.map((n) => n.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.notes[1]).toMatchObject({ author_name: 'Cora Coach', created_at: first.body.created_at });
  });

  it('is never the member’s to read or write, nor anyone’s signed out', async () => {
    expect((await notesOf(member, memberId)).status).toBe(403);
    expect((await addNote(member, memberId, 'I would like to see this')).status).toBe(403);
    expect((await notesOf(server.client(), memberId)).status).toBe(401);
    expect((await addNote(server.client(), memberId, 'Anyone?')).status).toBe(401);
    // Nothing the member reads carries the notes: their own profile and the conversation's header.
    const profile = await answer(member.api.me.profile.$get());
    expect(JSON.stringify(profile.body)).not.toContain('Prefers mornings');
    const messages = await answer(member.api.me.messages.$get({ query: {} }));
    expect(JSON.stringify(messages.body)).not.toContain('Prefers mornings');
  });

  it('refuses an empty note, a note too long, an unknown member, and a member’s note past the limit', async () => {
    const empty = await addNote(admin, memberId, '   ');
    expect(empty.status).toBe(400);
    expect(empty.error?.fieldErrors?.text).toEqual(['Write a note']);
    const long = await addNote(admin, memberId, 'x'.repeat(MAX_MEMBER_NOTE_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.error?.fieldErrors?.text).toEqual(['A note is at most 2,000 characters']);
    expect((await addNote(admin, memberId, 'x'.repeat(MAX_MEMBER_NOTE_LENGTH))).status).toBe(201);
    const extra = await admin.post(`/api/admin/members/${memberId}/notes`, { text: 'hi', author_id: 'me' });
    expect(extra.status).toBe(400);
    expect((await addNote(admin, 'nobody-here', 'Lost')).status).toBe(404);

    const crowded = server.client();
    const crowdedId = (await crowded.signUp('nora@example.com', 'calm-river-42', 'Nora Notes')).body.user.id;
    await db()
      .insert(memberNotes)
      .values(
        Array.from({ length: MAX_NOTES_PER_MEMBER - 1 }, (_, i) => ({
          memberId: crowdedId,
          authorId: adminId,
          text: `Note ${i}`,
        })),
      );
    // Two at once for the last place: exactly one is kept.
    const both = await Promise.all([addNote(admin, crowdedId, 'Last A'), addNote(admin, crowdedId, 'Last B')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.error).toMatchObject({ code: 'notes_full' });
    expect((await notesOf(admin, crowdedId)).body.total).toBe(MAX_NOTES_PER_MEMBER);
  });

  it('goes to the member in their data export, without who wrote it', async () => {
    const exported = await answer(member.api.me.export.$get());
    expect(exported.status).toBe(200);
    const texts = exported.body.team_notes.map((n) => n.text);
    expect(texts).toContain('Prefers mornings; mentioned a new manager.');
    expect(texts).toContain('Asked for shorter check-ins.');
    expect(Object.keys(exported.body.team_notes[0]!).sort()).toEqual(['created_at', 'text']);
    expect(JSON.stringify(exported.body.team_notes)).not.toContain('Cora');
  });
});
