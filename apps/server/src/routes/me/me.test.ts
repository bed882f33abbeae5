import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { focusAreas, profiles, subscriptions, userRoles } from '../../db/schema';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('member@example.com', 'calm-river-42', 'Mo Member')).body.user.id;
  other = server.client();
  await other.signUp('other@example.com', 'calm-river-42', 'Olu Other');
});
afterAll(() => server.close());

const profileRow = async (id: string) =>
  (await server.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('own profile', () => {
  it('needs a session', async () => {
    expect((await answer(server.client().api.me.profile.$get())).status).toBe(401);
    expect((await answer(server.client().api.me.profile.$patch({ json: { full_name: 'X' } }))).status).toBe(401);
  });

  it('reads only the signed-in member’s own profile', async () => {
    const mine = (await answer(member.api.me.profile.$get())).body;
    const theirs = (await answer(other.api.me.profile.$get())).body;
    expect(mine.email).toBe('member@example.com');
    expect(theirs.email).toBe('other@example.com');
  });

  it('changes the name, focus area and a free plan', async () => {
    const [area] = await server.database.db.select().from(focusAreas).limit(1);
    const res = await answer(
      member.api.me.profile.$patch({
        json: { full_name: '  Mo Renamed ', focus_area_id: area!.id, pricing_plan: 'Free Beta Access' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      full_name: 'Mo Renamed',
      focus_area_id: area!.id,
      pricing_plan: 'Free Beta Access',
    });
  });

  it('refuses unknown focus areas and plans with field errors', async () => {
    const res = await answer(
      member.api.me.profile.$patch({
        json: { focus_area_id: '00000000-0000-4000-8000-000000000000', pricing_plan: 'Platinum' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.pricing_plan).toEqual(['Unknown plan']);
    const unknownArea = await answer(
      member.api.me.profile.$patch({ json: { focus_area_id: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(unknownArea.error.fieldErrors!.focus_area_id).toEqual(['Unknown focus area']);
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const res = await member.request('PATCH', '/api/me/profile', '{"full_name": ');
    expect(res.status).toBe(400);
  });
});

describe('a member cannot raise their own credits, trial, activation, plan or role', () => {
  it.each([
    [{ credits: 9999 }],
    [{ trial_conversations_used: 0 }],
    [{ is_active: true }],
    [{ roles: ['admin'] }],
    [{ role: 'admin' }],
    [{ id: 'someone-else' }],
  ])('PATCH /api/me/profile %j is refused and changes nothing', async (body) => {
    const before = await profileRow(memberId);
    // Fields the schema does not have: the raw client, as a tampering one would send them.
    const res = await member.patch('/api/me/profile', { full_name: 'Sneaky', ...body });
    expect(res.status).toBe(400);
    expect(await profileRow(memberId)).toEqual(before);
  });

  it('cannot switch to a paid plan without a subscription paying for it', async () => {
    const res = await answer(member.api.me.profile.$patch({ json: { pricing_plan: 'The Space Pass' } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.pricing_plan).toBeDefined();
    expect((await profileRow(memberId)).pricingPlan).not.toBe('The Space Pass');
  });

  it('may take a paid plan their active subscription pays for', async () => {
    await server.database.db.insert(subscriptions).values({
      userId: memberId,
      provider: 'local',
      planKey: 'space_pass',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const takePaidPlan = (client: TestClient) =>
      answer(client.api.me.profile.$patch({ json: { pricing_plan: 'The Space Pass' } }));
    expect((await takePaidPlan(member)).status).toBe(200);
    // …but not one that someone else's subscription pays for
    expect((await takePaidPlan(other)).status).toBe(400);
  });

  it('cannot write credits through the auth library’s update-user endpoint', async () => {
    const before = await profileRow(memberId);
    const res = await member.post('/api/auth/update-user', { credits: 500, is_active: false, name: 'Via Auth' });
    expect(res.status).toBeLessThan(500);
    const after = await profileRow(memberId);
    expect(after.credits).toBe(before.credits);
    expect(after.isActive).toBe(true);
  });

  it('cannot grant themselves a role or change activation through admin endpoints', async () => {
    const users = member.api.admin.users[':id'];
    const param = { id: memberId };
    expect((await answer(users.roles.$post({ param, json: { role: 'admin' } }))).status).toBe(403);
    expect((await answer(users.active.$patch({ param, json: { is_active: false } }))).status).toBe(403);
    expect((await answer(users.roles[':role'].$delete({ param: { ...param, role: 'user' } }))).status).toBe(403);
    const roles = await server.database.db.select().from(userRoles).where(eq(userRoles.userId, memberId));
    expect(roles.map((r) => r.role)).toEqual(['user']);
    expect((await answer(member.api.me.roles.$get())).body).toEqual(['user']);
  });
});

describe('cross-site requests', () => {
  it('refuses a state change sent from another origin', async () => {
    const res = await answer(
      member.api.me.profile.$patch({ json: { full_name: 'Evil' } }, { headers: { origin: 'https://evil.example' } }),
    );
    expect(res.status).toBe(403);
    expect((await profileRow(memberId)).fullName).not.toBe('Evil');
  });
});
