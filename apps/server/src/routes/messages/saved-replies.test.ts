import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  FIRST_NAME_FALLBACK,
  SAVED_REPLIES_FULL_MESSAGE,
  SAVED_REPLIES_MAX,
  SAVED_REPLY_BODY_MAX_LENGTH,
  SAVED_REPLY_DUPLICATE_MESSAGE,
  SAVED_REPLY_TITLE_MAX_LENGTH,
  fillSavedReply,
  firstNameOf,
} from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { auditLog, savedReplies } from '../../db/schema';
import { UNKNOWN_CONTACT, UNKNOWN_USER } from '../../lib/chat/conversations';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let member: TestClient;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'lead@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('lead@example.com', 'calm-river-42', 'Lead Coach')).body.user.id;
  member = server.client();
  await member.signUp('member@example.com', 'calm-river-42', 'Mia Member');
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.delete(savedReplies);
});

const list = (as = admin) => answer(as.api.admin['saved-replies'].$get());
const create = (json: { title: string; body: string }, as = admin) =>
  answer(as.api.admin['saved-replies'].$post({ json }));
const update = (id: string, json: { title?: string; body?: string }, as = admin) =>
  answer(as.api.admin['saved-replies'][':id'].$patch({ param: { id }, json }));
const remove = (id: string, as = admin) => answer(as.api.admin['saved-replies'][':id'].$delete({ param: { id } }));
const auditOf = (action: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), like(auditLog.action, 'saved_reply.%')));

describe('saved replies', () => {
  it('are created, listed by title whatever the case, changed and deleted, each change audited with who and what', async () => {
    const welcome = await create({ title: 'welcome', body: '  Hi {first_name}, welcome to Calm Space.  ' });
    expect(welcome.status).toBe(201);
    expect(welcome.body).toMatchObject({ title: 'welcome', body: 'Hi {first_name}, welcome to Calm Space.' });
    const away = await create({ title: 'Away today', body: 'I am away today, {first_name}; back tomorrow.' });
    expect(away.status).toBe(201);

    expect((await list()).body.map((r) => r.title)).toEqual(['Away today', 'welcome']);

    const changed = await update(welcome.body.id, { body: 'Welcome, {first_name}!' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'welcome', body: 'Welcome, {first_name}!' });
    expect(Date.parse(changed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(welcome.body.updated_at));

    expect((await remove(away.body.id)).status).toBe(204);
    expect((await list()).body.map((r) => r.title)).toEqual(['welcome']);
    expect((await remove(away.body.id)).status).toBe(404);
    expect((await update(away.body.id, { title: 'gone' })).status).toBe(404);

    const [created] = (await auditOf('saved_reply.create')).filter((e) => e.details.saved_reply_id === welcome.body.id);
    expect(created).toMatchObject({ actorId: adminId, targetUserId: null });
    expect(created!.details.after).toEqual({ title: 'welcome', body: 'Hi {first_name}, welcome to Calm Space.' });
    const [updated] = (await auditOf('saved_reply.update')).filter((e) => e.details.saved_reply_id === welcome.body.id);
    expect(updated!.details).toMatchObject({
      before: { body: 'Hi {first_name}, welcome to Calm Space.' },
      after: { body: 'Welcome, {first_name}!' },
    });
    const [deleted] = (await auditOf('saved_reply.delete')).filter((e) => e.details.saved_reply_id === away.body.id);
    expect(deleted).toMatchObject({ actorId: adminId });
    expect(deleted!.details.before).toMatchObject({ title: 'Away today' });
  });

  it('are for admins only: a member and a signed-out caller are refused every route, and nothing changes', async () => {
    const reply = await create({ title: 'welcome', body: 'Hi {first_name}' });
    const visitor = server.client();
    for (const as of [member, visitor]) {
      const expected = as === member ? 403 : 401;
      expect((await list(as)).status).toBe(expected);
      expect((await create({ title: 'mine', body: 'text' }, as)).status).toBe(expected);
      expect((await update(reply.body.id, { title: 'taken over' }, as)).status).toBe(expected);
      expect((await remove(reply.body.id, as)).status).toBe(expected);
    }
    expect((await list()).body).toEqual([reply.body]);
  });

  it('refuse bad input with a clear message: blank, too long, an unknown placeholder, a title taken in any case, no change', async () => {
    const blank = await create({ title: '  ', body: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.error.fieldErrors).toEqual({ title: ['Title is required'], body: ['Reply is required'] });

    const long = await create({
      title: 't'.repeat(SAVED_REPLY_TITLE_MAX_LENGTH + 1),
      body: 'b'.repeat(SAVED_REPLY_BODY_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.error.fieldErrors).toEqual({
      title: [`Title must be at most ${SAVED_REPLY_TITLE_MAX_LENGTH} characters`],
      body: [`Reply must be at most ${SAVED_REPLY_BODY_MAX_LENGTH} characters`],
    });
    const longest = await create({
      title: 't'.repeat(SAVED_REPLY_TITLE_MAX_LENGTH),
      body: 'b'.repeat(SAVED_REPLY_BODY_MAX_LENGTH),
    });
    expect(longest.status).toBe(201);

    const placeholder = await create({ title: 'p', body: 'Hi {name}' });
    expect(placeholder.error.fieldErrors).toEqual({ body: ['The only placeholder is {first_name}'] });

    const first = await create({ title: 'Welcome', body: 'Hi' });
    const again = await create({ title: 'WELCOME', body: 'Hello' });
    expect(again.status).toBe(400);
    expect(again.error.fieldErrors).toEqual({ title: [SAVED_REPLY_DUPLICATE_MESSAGE] });
    const other = await create({ title: 'Other', body: 'Hello' });
    const renamed = await update(other.body.id, { title: 'welcome' });
    expect(renamed.status).toBe(400);
    expect(renamed.error.fieldErrors).toEqual({ title: [SAVED_REPLY_DUPLICATE_MESSAGE] });
    // Its own title in another case is no clash.
    expect((await update(first.body.id, { title: 'welcome' })).status).toBe(200);

    const empty = await update(first.body.id, {});
    expect(empty.status).toBe(400);
    expect(empty.error.fieldErrors).toEqual({ title: ['Give a title or a reply'] });
    const unknownField = await answer(
      admin.api.admin['saved-replies'].$post({ json: { title: 'x', body: 'y', shared: true } as never }),
    );
    expect(unknownField.status).toBe(400);
    expect((await update('not-an-id', { title: 'x' })).status).toBe(400);
  });

  it(`hold at most ${SAVED_REPLIES_MAX}: the next is refused until one is deleted`, async () => {
    await server.database.db
      .insert(savedReplies)
      .values(Array.from({ length: SAVED_REPLIES_MAX }, (_, i) => ({ title: `reply ${i}`, body: 'text' })));
    const refused = await create({ title: 'one more', body: 'text' });
    expect(refused.status).toBe(409);
    expect(refused.error.error).toBe(SAVED_REPLIES_FULL_MESSAGE);
    const [oldest] = (await list()).body;
    await remove(oldest!.id);
    expect((await create({ title: 'one more', body: 'text' })).status).toBe(201);
  });
});

describe('filling in a saved reply', () => {
  it("puts the person's first name for every {first_name}, and a kind word when there is no name", () => {
    expect(fillSavedReply('Hi {first_name}! {first_name}, how are you?', ' Mia  Member ')).toBe(
      'Hi Mia! Mia, how are you?',
    );
    expect(fillSavedReply('Hi {first_name}', UNKNOWN_USER)).toBe(`Hi ${FIRST_NAME_FALLBACK}`);
    expect(firstNameOf(UNKNOWN_CONTACT)).toBe(FIRST_NAME_FALLBACK);
    expect(firstNameOf('')).toBe(FIRST_NAME_FALLBACK);
    expect(firstNameOf(null)).toBe(FIRST_NAME_FALLBACK);
  });
});
