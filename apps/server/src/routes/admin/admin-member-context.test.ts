import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_MEMBER_NOTE_LENGTH, MAX_NOTES_PER_MEMBER } from '@app/shared';
import {
  betaSeats,
  coachingTones,
  focusAreas,
  auditLog,
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
let colleague: TestClient;
let colleagueId: string;
let member: TestClient;
let memberId: string;
const db = () => server.database.db;

const contextOf = (client: TestClient, id: string) =>
  answer(client.api.admin.members[':memberId'].context.$get({ param: { memberId: id } }));
const notesOf = (client: TestClient, id: string) =>
  answer(client.api.admin.members[':memberId'].notes.$get({ param: { memberId: id } }));
const addNote = (client: TestClient, id: string, text: string) =>
  answer(client.api.admin.members[':memberId'].notes.$post({ param: { memberId: id }, json: { text } }));
const noteRoute = (client: TestClient) => client.api.admin.members[':memberId'].notes[':noteId'];
const editNote = (client: TestClient, id: string, noteId: string, text: string) =>
  answer(noteRoute(client).$patch({ param: { memberId: id, noteId }, json: { text } }));
const deleteNote = (client: TestClient, id: string, noteId: string) =>
  answer(noteRoute(client).$delete({ param: { memberId: id, noteId } }));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com,colleague@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('coach@example.com', 'calm-river-42', 'Cora Coach')).body.user.id;
  colleague = server.client();
  colleagueId = (await colleague.signUp('colleague@example.com', 'calm-river-42', 'Colin Colleague')).body.user.id;
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
    expect(Object.keys(exported.body.team_notes[0]!).sort()).toEqual(['created_at', 'edited_at', 'text']);
    expect(JSON.stringify(exported.body.team_notes)).not.toContain('Cora');
  });
});

describe('correcting and deleting a note (decision 067)', () => {
  it('lets its author correct the text, which then says when it was edited', async () => {
    const note = (await addNote(admin, memberId, 'Works at Acme; dislikes mornings.')).body;
    expect(note).toMatchObject({ edited_at: null, editable: true });
    const edited = await editNote(admin, memberId, note.id, '  Works at Acme; prefers mornings.  ');
    expect(edited.status, JSON.stringify(edited.error)).toBe(200);
    expect(edited.body).toMatchObject({
      id: note.id,
      text: 'Works at Acme; prefers mornings.',
      author_id: adminId,
      created_at: note.created_at,
      editable: true,
    });
    expect(edited.body.edited_at).not.toBeNull();
    const listed = (await notesOf(admin, memberId)).body.notes.find((n) => n.id === note.id);
    expect(listed).toMatchObject({ text: 'Works at Acme; prefers mornings.', edited_at: edited.body.edited_at });
    // The member's export carries the corrected text and when it changed, never the first words.
    const exported = (await answer(member.api.me.export.$get())).body.team_notes;
    expect(exported).toContainEqual({
      text: 'Works at Acme; prefers mornings.',
      created_at: note.created_at,
      edited_at: edited.body.edited_at,
    });
    expect(JSON.stringify(exported)).not.toContain('dislikes mornings');
  });

  it('leaves a note unmarked when its author saves the same words again', async () => {
    const note = (await addNote(admin, memberId, 'Has two children.')).body;
    const same = await editNote(admin, memberId, note.id, 'Has two children. ');
    expect(same.status).toBe(200);
    expect(same.body.edited_at).toBeNull();
  });

  it('refuses another admin’s edit with a reason, and shows the note as not theirs to edit', async () => {
    const note = (await addNote(admin, memberId, 'Mentioned a holiday in May.')).body;
    const refused = await editNote(colleague, memberId, note.id, 'Mentioned a holiday in June.');
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({
      error: 'Only the note’s author can edit it. Add a note with the correction, or delete this one.',
      code: 'not_note_author',
    });
    const theirs = (await notesOf(colleague, memberId)).body.notes.find((n) => n.id === note.id);
    expect(theirs).toMatchObject({ text: 'Mentioned a holiday in May.', edited_at: null, editable: false });
    // A note whose author's account went is no one's to edit.
    await db().update(memberNotes).set({ authorId: null }).where(eq(memberNotes.id, note.id));
    expect((await editNote(admin, memberId, note.id, 'Mine now?')).status).toBe(403);
  });

  it('holds an edit to the limits of a new note', async () => {
    const note = (await addNote(admin, memberId, 'Short.')).body;
    const empty = await editNote(admin, memberId, note.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.error?.fieldErrors?.text).toEqual(['Write a note']);
    const long = await editNote(admin, memberId, note.id, 'x'.repeat(MAX_MEMBER_NOTE_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.error?.fieldErrors?.text).toEqual(['A note is at most 2,000 characters']);
    const extra = await admin.patch(`/api/admin/members/${memberId}/notes/${note.id}`, { text: 'hi', author_id: 'me' });
    expect(extra.status).toBe(400);
    expect((await editNote(admin, memberId, note.id, 'x'.repeat(MAX_MEMBER_NOTE_LENGTH))).status).toBe(200);
    const [row] = await db().select().from(memberNotes).where(eq(memberNotes.id, note.id));
    expect(row!.text).toHaveLength(MAX_MEMBER_NOTE_LENGTH);
  });

  it('lets any admin delete a note, audited without its words, and takes it out of the export', async () => {
    const note = (await addNote(admin, memberId, 'Said their manager is Priya.')).body;
    const deleted = await deleteNote(colleague, memberId, note.id);
    expect(deleted.status).toBe(204);
    expect((await notesOf(admin, memberId)).body.notes.map((n) => n.id)).not.toContain(note.id);
    expect(JSON.stringify((await answer(member.api.me.export.$get())).body.team_notes)).not.toContain('Priya');

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member_note.delete'), eq(auditLog.targetUserId, memberId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(colleagueId);
    expect(entries[0]!.details).toEqual({ note_id: note.id, written_at: note.created_at });
    expect(JSON.stringify(entries)).not.toContain('Priya');
    // The history the admins read lists it too.
    const history = await answer(admin.api.admin['audit-log'].$get({ query: { user_id: memberId } }));
    expect(history.body.items.map((e) => e.action)).toContain('member_note.delete');

    // Its author deletes their own as well; a second delete finds nothing.
    const own = (await addNote(admin, memberId, 'Temporary.')).body;
    expect((await deleteNote(admin, memberId, own.id)).status).toBe(204);
    expect((await deleteNote(admin, memberId, own.id)).status).toBe(404);
  });

  it('is never the member’s to edit or delete, nor anyone’s signed out', async () => {
    const note = (await addNote(admin, memberId, 'Private to the team.')).body;
    expect((await editNote(member, memberId, note.id, 'Not true')).status).toBe(403);
    expect((await deleteNote(member, memberId, note.id)).status).toBe(403);
    expect((await editNote(server.client(), memberId, note.id, 'Anyone?')).status).toBe(401);
    expect((await deleteNote(server.client(), memberId, note.id)).status).toBe(401);
    const [row] = await db().select().from(memberNotes).where(eq(memberNotes.id, note.id));
    expect(row).toMatchObject({ text: 'Private to the team.', editedAt: null });
  });

  it('answers 404 for an unknown note or another member’s, and 400 for an id that is no note’s', async () => {
    const note = (await addNote(admin, memberId, 'Only Mira’s.')).body;
    const other = server.client();
    const otherId = (await other.signUp('otto@example.com', 'calm-river-42', 'Otto Other')).body.user.id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [id, noteId] of [
      [otherId, note.id],
      [memberId, unknown],
      ['nobody-here', note.id],
    ] as const) {
      const edit = await editNote(admin, id, noteId, 'Changed');
      expect(edit.status).toBe(404);
      expect(edit.error?.error).toBe('Note not found');
      expect((await deleteNote(admin, id, noteId)).status).toBe(404);
    }
    const malformed = await deleteNote(admin, memberId, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.error?.fieldErrors?.noteId).toEqual(['Unknown note']);
    const [row] = await db().select().from(memberNotes).where(eq(memberNotes.id, note.id));
    expect(row).toMatchObject({ text: 'Only Mira’s.', editedAt: null });
  });
});
