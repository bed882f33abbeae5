import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { betaSeats, profiles, users } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { betaSeatsLeft, publicBetaPlaces, takeBetaSeat } from './beta-seats';

/** The Free Beta Access places: at most BETA_SEATS members ever hold one, however many try at once. */
const SEATS = 4;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BETA_SEATS: String(SEATS) });
});
afterAll(() => server.close());

/** The member's Free Beta Access place, and a plan chosen on the profile, as the web app asks for them. */
const betaPlace = (client: TestClient) => answer(client.api.me['beta-place'].$get());
const choosePlan = (client: TestClient, pricing_plan: string) =>
  answer(client.api.me.profile.$patch({ json: { pricing_plan } }));

/** Accounts made straight in the database (the provisioning trigger adds their profiles). */
async function accounts(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await server.database.db
    .insert(users)
    .values(ids.map((id) => ({ id, name: 'Beta Hopeful', email: `${id}@example.com`, emailVerified: true })));
  return ids;
}

describe('taking a Free Beta Access place', () => {
  it('lets exactly one of 50 simultaneous attempts take the last place', async () => {
    const db = server.database.db;
    const early = await accounts(SEATS - 1);
    for (const id of early) {
      expect(await db.transaction((tx) => takeBetaSeat(tx, id, SEATS))).toBe('taken');
    }
    expect(await betaSeatsLeft(db, SEATS)).toBe(1);

    const hopefuls = await accounts(50);
    const results = await Promise.all(hopefuls.map((id) => db.transaction((tx) => takeBetaSeat(tx, id, SEATS))));
    expect(results.filter((r) => r === 'taken')).toHaveLength(1);
    expect(results.filter((r) => r === 'full')).toHaveLength(49);
    const [held] = await db.select({ n: count() }).from(betaSeats);
    expect(held!.n).toBe(SEATS);
    expect(await betaSeatsLeft(db, SEATS)).toBe(0);
  });
});

describe('choosing Free Beta Access on the profile', () => {
  it('refuses when the beta is full, keeps the member on their plan, and frees a place when a holder leaves', async () => {
    // The places are all taken by the test above.
    const member = server.client();
    const id = (await member.signUp('beta-late@example.com')).body.user.id;
    expect((await betaPlace(member)).body).toEqual({ seats: SEATS, left: 0, holding: false });
    const res = await choosePlan(member, 'Free Beta Access');
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      error: `Free Beta Access is full: all ${SEATS} places have been taken. You stay on your current plan.`,
      code: 'beta_full',
    });
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.pricingPlan).toBe('Base Camp');
    expect((await answer(member.api.me['trial-use'].$post())).body.basis).toBe('trial');

    // A holder chooses another plan: their place goes back, and this member may take it.
    const [holder] = await server.database.db.select().from(betaSeats).limit(1);
    await server.database.db.delete(betaSeats).where(eq(betaSeats.userId, holder!.userId));
    expect((await choosePlan(member, 'Free Beta Access')).status).toBe(200);
    expect((await betaPlace(member)).body).toEqual({ seats: SEATS, left: 0, holding: true });
    // Choosing it again does not take a second place; choosing another plan gives it back.
    expect((await choosePlan(member, 'Free Beta Access')).status).toBe(200);
    expect((await choosePlan(member, 'Base Camp')).status).toBe(200);
    expect((await betaPlace(member)).body).toEqual({ seats: SEATS, left: 1, holding: false });
  });

  it('lets one of several members choosing it at once over HTTP have the last place', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const client = server.client();
        await client.signUp(`beta-race-${i}@example.com`);
        return client;
      }),
    );
    const results = await Promise.all(clients.map((c) => choosePlan(c, 'Free Beta Access')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('the figures the public pages show (decision 038)', () => {
  it('reads the count once per few seconds, and again at once after a place is taken or given back', async () => {
    const db = server.database.db;
    const now = Date.now();
    const first = await publicBetaPlaces(db, SEATS, now);
    expect(first).toEqual({ seats: SEATS, left: await betaSeatsLeft(db, SEATS) });

    // A place given back outside this instance's routes: the figures stay until they age out.
    const [holder] = await db.select().from(betaSeats).limit(1);
    await db.delete(betaSeats).where(eq(betaSeats.userId, holder!.userId));
    expect(await publicBetaPlaces(db, SEATS, now + 1_000)).toEqual(first);
    expect(await publicBetaPlaces(db, SEATS, now + 6_000)).toEqual({ seats: SEATS, left: first.left + 1 });

    // Through the profile route: the next read counts again, whatever its age.
    const member = server.client();
    await member.signUp('beta-public-figures@example.com');
    expect((await choosePlan(member, 'Free Beta Access')).status).toBe(200);
    expect(await publicBetaPlaces(db, SEATS, now + 6_500)).toEqual(first);
  });
});
