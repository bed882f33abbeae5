import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EXIT_SURVEY_SOURCE } from '@app/shared';
import { betaSeats, exitIntentSurveys, planGrants, profiles, subscriptions, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer } from '../../test-support/test-client';
import { conversationAccess } from './conversation-access';
import { claimExitOffer } from './exit-offer';
import { memberPlanOf, memberPlansOf } from './member-plan';

/** The one answer to "which plan does this member hold" (decision 065), on PGlite and PostgreSQL. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const db = () => server.database.db;
let counter = 0;
const member = async () => (await server.client().signUp(`plan-${++counter}@example.com`)).body.user.id;

describe('memberPlanOf', () => {
  it('is Base Camp for a new member, the trial open, and none once the trial is spent and over', async () => {
    const id = await member();
    const now = new Date();
    expect(await memberPlanOf(db(), id, now)).toEqual({
      key: 'base_camp',
      name: 'Base Camp',
      badge: 'Free',
      basis: 'trial',
      unlimited: false,
      ends_at: null,
      renews_at: null,
      billing_period: null,
      granted_by_team: false,
    });
    await db()
      .update(profiles)
      .set({ trialConversationsUsed: 1, trialConversationStartedAt: new Date(now.getTime() - 2 * DAY) })
      .where(eq(profiles.id, id));
    expect((await memberPlanOf(db(), id, now)).basis).toBe('none');
  });

  it('reads an earlier tier’s live subscription as The Space Pass, renewing or ending', async () => {
    const id = await member();
    const end = new Date(Date.now() + 10 * DAY);
    await db().insert(subscriptions).values({
      userId: id,
      provider: 'local',
      planKey: 'summit',
      billingPeriod: 'month',
      status: 'active',
      currentPeriodEnd: end,
    });
    expect(await memberPlanOf(db(), id)).toMatchObject({
      key: 'space_pass',
      name: 'The Space Pass',
      badge: 'Sanctuary Pass',
      basis: 'subscription',
      unlimited: true,
      renews_at: end.toISOString(),
      ends_at: null,
      billing_period: 'month',
    });
    await db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, id));
    expect(await memberPlanOf(db(), id)).toMatchObject({ renews_at: null, ends_at: end.toISOString() });
    // Once the period is over, nothing pays: Base Camp.
    expect((await memberPlanOf(db(), id, new Date(end.getTime() + 1))).key).toBe('base_camp');
  });

  it('puts a subscription before a grant, a grant before a beta place, and a grant only while in force', async () => {
    const id = await member();
    const now = new Date();
    await db().insert(betaSeats).values({ userId: id });
    expect((await memberPlanOf(db(), id, now)).name).toBe('Free Beta Access');
    const endsAt = new Date(now.getTime() + 30 * DAY);
    await db().insert(planGrants).values({ userId: id, planKey: 'space_pass', source: 'admin', startsAt: now, endsAt });
    expect(await memberPlanOf(db(), id, now)).toMatchObject({
      name: 'The Space Pass',
      basis: 'grant',
      ends_at: endsAt.toISOString(),
      granted_by_team: true,
    });
    expect((await conversationAccess(db(), id, now)).basis).toBe('grant');
    // Not yet begun, and over: the beta place again.
    expect((await memberPlanOf(db(), id, new Date(now.getTime() - 1))).basis).toBe('beta');
    expect((await memberPlanOf(db(), id, endsAt)).basis).toBe('beta');

    await db()
      .insert(subscriptions)
      .values({ userId: id, provider: 'local', planKey: 'space_pass', status: 'active', currentPeriodEnd: endsAt });
    expect((await memberPlanOf(db(), id, now)).basis).toBe('subscription');
  });

  it('gives the grant ending last when two are in force at once', async () => {
    const id = await member();
    const now = new Date();
    const sooner = new Date(now.getTime() + 10 * DAY);
    const later = new Date(now.getTime() + 40 * DAY);
    await db()
      .insert(planGrants)
      .values([
        { userId: id, planKey: 'space_pass', source: 'admin', startsAt: now, endsAt: later },
        { userId: id, planKey: 'thirty_day_free', source: 'offer', startsAt: now, endsAt: sooner },
      ]);
    expect(await memberPlanOf(db(), id, now)).toMatchObject({
      name: 'The Space Pass',
      ends_at: later.toISOString(),
      granted_by_team: true,
    });
    // Once the later one has ended too, nothing is in force.
    expect((await memberPlanOf(db(), id, later)).basis).toBe('trial');
  });

  it('answers for many members at once, the same as one by one', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await db().insert(betaSeats).values({ userId: b });
    const now = new Date();
    await db()
      .insert(planGrants)
      .values({ userId: c, planKey: 'thirty_day_free', source: 'offer', startsAt: now, endsAt: new Date(+now + DAY) });
    const many = await memberPlansOf(db(), [a, b, c, a], now);
    expect([...many.keys()]).toEqual([a, b, c]);
    for (const id of [a, b, c]) expect(many.get(id)).toEqual(await memberPlanOf(db(), id, now));
    expect(many.get(c)).toMatchObject({ name: '30-Day Free Access', basis: 'grant', granted_by_team: false });
  });
});

describe('the exit offer', () => {
  const claimedBy = async (email: string) =>
    db().insert(exitIntentSurveys).values({
      name: 'Olive',
      email,
      willingnessToPay: 'yes',
      chatPreference: 'yes',
      source: EXIT_SURVEY_SOURCE,
    });

  it('grants 30 days from sign-up to the member whose email claimed it, once, whoever asks how often', async () => {
    const id = await member();
    const [account] = await db().select().from(users).where(eq(users.id, id));
    expect(await db().transaction((tx) => claimExitOffer(tx, id))).toEqual({ outcome: 'not_claimed' });
    await claimedBy(account!.email.toUpperCase());
    const claims = await Promise.all(Array.from({ length: 5 }, () => db().transaction((tx) => claimExitOffer(tx, id))));
    const endsAt = new Date(account!.createdAt.getTime() + 30 * DAY);
    expect(claims.filter((c) => c.outcome === 'granted')).toHaveLength(1);
    expect(claims.every((c) => c.outcome !== 'not_claimed' && +c.endsAt === +endsAt)).toBe(true);
    expect(await db().select().from(planGrants).where(eq(planGrants.userId, id))).toHaveLength(1);
    expect(await memberPlanOf(db(), id)).toMatchObject({
      name: '30-Day Free Access',
      basis: 'grant',
      unlimited: true,
      ends_at: endsAt.toISOString(),
    });
    // 30 days from sign-up, not from the claim: a later claim gives nothing.
    const late = await member();
    const [lateAccount] = await db().select().from(users).where(eq(users.id, late));
    await claimedBy(lateAccount!.email);
    const later = new Date(lateAccount!.createdAt.getTime() + 31 * DAY);
    expect((await db().transaction((tx) => claimExitOffer(tx, late, later))).outcome).toBe('over');
  });

  it('is taken by choosing 30-Day Free Access, and refused with a clear message to a member who never claimed it', async () => {
    const client = server.client();
    const email = `offer-${++counter}@example.com`;
    await client.signUp(email);
    const refused = await client.patch('/api/me/profile', { pricing_plan: '30-Day Free Access' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.pricing_plan[0]).toMatch(/claim it with the email address of this account/);
    expect((await answer(client.api.me.plan.$get())).body.name).toBe('Base Camp');

    await claimedBy(email);
    expect((await client.patch('/api/me/profile', { pricing_plan: '30-Day Free Access' })).status).toBe(200);
    expect((await answer(client.api.me.plan.$get())).body).toMatchObject({
      name: '30-Day Free Access',
      basis: 'grant',
    });
    expect((await answer(client.api.me['trial-use'].$get())).body).toMatchObject({ basis: 'grant', limited: false });
    // The member's export lists it.
    expect((await answer(client.api.me.export.$get())).body.plan_grants).toEqual([
      expect.objectContaining({ plan_key: 'thirty_day_free', given_by_team: false }),
    ]);
  });
});
