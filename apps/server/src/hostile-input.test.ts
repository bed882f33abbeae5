import fc from 'fast-check';
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import { TestClient, type JsonResponse } from './test-support/test-client';
import { startTestServer, type TestServer } from './test-support/test-server';
import { waitFor } from './test-support/wait-for';

/**
 * Whatever a client sends (random and hostile bodies, query strings and path
 * ids, to every endpoint that takes input, signed out, as a member and as an
 * admin), the server never answers 5xx, always explains a refusal, and a
 * refused request writes nothing.
 */
let server: TestServer;
let admin: TestClient;
let member: { client: TestClient; id: string };
let members = 0;
const ADMIN_EMAIL = 'fuzz-admin@example.com';
const PASSWORD = 'calm-river-42';

/** The better-auth endpoints the web app calls. */
const AUTH_ENDPOINTS = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/verify-email',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/update-user',
  'POST /api/auth/change-password',
  'POST /api/auth/change-email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
];

/** A well-formed body per endpoint; the tests break one part of it at a time. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/sign-up/email': { name: 'Fuzz', email: 'fuzz@example.com', password: PASSWORD, ageConfirmed: true },
  'POST /api/auth/sign-in/email': { email: 'fuzz@example.com', password: PASSWORD },
  'POST /api/auth/request-password-reset': { email: 'fuzz@example.com', redirectTo: '/auth/reset' },
  'POST /api/auth/reset-password': { newPassword: 'calm-river-43', token: 'not-a-token' },
  'POST /api/auth/send-verification-email': { email: 'fuzz@example.com' },
  'POST /api/password-reset/check': { token: 'not-a-token' },
  'POST /api/auth/update-user': { name: 'Fuzzed Name' },
  // A wrong current password: the member keeps theirs, and the hash check still runs.
  'POST /api/auth/change-password': { currentPassword: 'wrong-password-1', newPassword: 'calm-river-43' },
  'POST /api/auth/change-email': { newEmail: 'fuzz-new@example.com' },
  'POST /api/exit-surveys': {
    name: 'Fuzz',
    email: 'fuzz@example.com',
    willingness_to_pay: 'maybe',
    chat_preference: 'yes',
    reason: 'Too busy',
  },
  'POST /api/me/reflections': { reflection_text: 'A calm thought', strategic_prompt_id: null },
  'PUT /api/me/prompt-ratings/:promptId': { rating: 4 },
  'PUT /api/me/tracker-feedback': {
    tracking: 'Daily check-ins',
    project_management_tools: ['Trello'],
    visual_feature_preferences: ['Kanban boards'],
  },
  'PATCH /api/me/profile': { full_name: 'Fuzz Member' },
  'POST /api/admin/users/:id/roles': { role: 'admin' },
  'PATCH /api/admin/users/:id/active': { is_active: false },
  'PUT /api/dev/subscriptions': {
    email: 'nobody@example.com',
    plan_key: 'summit',
    current_period_end: '2999-01-01T00:00:00Z',
  },
};

/** Tables whose row counts must not move on a refusal (rate-limit counters count refusals on purpose). */
const guardedTables = Object.values(schema)
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .filter((name) => !name.includes('rate_limit'));

/** Row counts of every guarded table, and the member's own account and profile, in one query. */
async function snapshot() {
  const counts = guardedTables.map((name) => `(select count(*) from "${name}")::int as "${name}"`);
  const { rows } = (await server.database.db.execute(sql`
    select ${sql.raw(counts.join(', '))},
      (select row_to_json(u) from users u where u.id = ${member.id}) as member_user,
      (select row_to_json(p) from profiles p where p.id = ${member.id}) as member_profile
  `)) as unknown as { rows: unknown[] };
  return JSON.stringify(rows[0]);
}

async function newMember() {
  const client = new TestClient(server.url);
  const res = await client.signUp(`fuzz-member-${++members}@example.com`);
  expect(res.status).toBe(200);
  return { client, id: res.body.user.id as string };
}

beforeAll(async () => {
  // No scheduler loop: its passes write on their own clock, not in answer to a request.
  server = await startTestServer(
    { ADMIN_EMAILS: ADMIN_EMAIL, EXIT_SURVEY_RATE_LIMIT_MAX: '1000' },
    { programmeSchedulerOff: true },
  );
  admin = new TestClient(server.url);
  expect((await admin.signUp(ADMIN_EMAIL)).status).toBe(200);
  member = await newMember();
});
afterAll(() => server.close());

/** Every route of the app that takes input, read from the app itself, plus better-auth's. */
function endpoints(): string[] {
  const own = server.app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set([...own, ...AUTH_ENDPOINTS])].sort();
}

type Identity = 'anonymous' | 'member' | 'admin';

interface HostileRequest {
  endpoint: string;
  as: Identity;
  pathIds: string[];
  query: string;
  contentType: string | undefined;
  body: string | undefined;
}

async function clientFor(as: Identity): Promise<TestClient> {
  if (as === 'anonymous') return new TestClient(server.url); // a fresh one: sign-up would sign it in
  if (as === 'admin') return admin;
  // A fuzzed sign-out or e-mail change may end the member's session: carry on with a new member.
  if (!member.client.hasSession()) member = await newMember();
  return member.client;
}

async function send(request: HostileRequest, client: TestClient): Promise<JsonResponse> {
  const [method, template] = request.endpoint.split(' ') as [string, string];
  let index = 0;
  const path = template.replace(/:\w+/g, () => request.pathIds[index++ % request.pathIds.length] ?? 'x');
  // An empty value stands for "no Content-Type" (the test client would otherwise say JSON).
  const headers = { 'content-type': request.contentType ?? '' };
  const body = method === 'GET' ? undefined : request.body;
  return client.request(method, `${path}${request.query}`, body, headers);
}

/**
 * Waits until the work earlier accepted requests started in the background is
 * done: a member's message queues a coach job, which records its safety
 * screening a moment after the answer. Taken as a refusal's write otherwise.
 */
async function backgroundSettled() {
  await waitFor(async () => {
    const [row] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.topic, 'coach'), eq(schema.outbox.status, 'pending')));
    return row!.count === 0;
  }, 'the coach jobs of earlier messages');
}

/** The assertions every request must pass, whatever it sent. */
async function expectHandled(request: HostileRequest) {
  const client = await clientFor(request.as);
  await backgroundSettled();
  const before = await snapshot();
  const res = await send(request, client);
  const described = `${JSON.stringify(request)} answered ${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, described).toBeLessThan(500);
  if (res.status >= 400) {
    const message = res.body?.error ?? res.body?.message;
    expect(typeof message === 'string' && message.length > 0, `no message: ${described}`).toBe(true);
    expect(await snapshot(), `a refusal wrote something: ${described}`).toBe(before);
  }
}

// ---- what hostile clients send ----

const BUILT_IN_NAMES = ['constructor', '__proto__', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
const hostileText = fc.oneof(
  fc.constantFrom(
    ...BUILT_IN_NAMES,
    '\u0000',
    'a\u0000b',
    '\uD800',
    '%00',
    '../../etc/passwd',
    '',
    ' ',
    'null',
    'NaN',
    '-1',
    '1e309',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '😀'.repeat(40),
    'x'.repeat(3000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...BUILT_IN_NAMES), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
);
const hostileKey = fc.oneof(
  fc.constantFrom(...BUILT_IN_NAMES, 'a\u0000', ''),
  fc.constantFrom(...new Set(Object.values(VALID_BODIES).flatMap(Object.keys))),
  fc.string({ maxLength: 12 }),
);
const RAW_BODIES = [
  '{',
  '{"email": "a@example.com",',
  'not json',
  '{"a":1}}',
  'null',
  '[]',
  '"text"',
  '12',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"name": "\\u0000"}',
  '['.repeat(3000) + ']'.repeat(3000),
  // Objects nested thousands deep: better-auth's update-user overflowed the stack merging one.
  '{"name":"Deep","x":' + '{"a":'.repeat(4000) + '1' + '}'.repeat(4000) + '}',
];

/** A body for `endpoint`: its valid body with one part broken, random JSON, or raw text. */
function hostileBody(endpoint: string): fc.Arbitrary<string> {
  const valid = VALID_BODIES[endpoint] ?? {};
  const fields = Object.keys(valid);
  const broken = fc.oneof(
    ...(fields.length
      ? [fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]) => ({ ...valid, [field]: value }))]
      : []),
    fc.tuple(hostileKey, hostileValue).map(([key, value]) => ({ ...valid, [key]: value })),
    fc.dictionary(hostileKey, hostileValue, { maxKeys: 5 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: broken.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
}

/** Lone surrogates replaced (U+FFFD), as any client must before it can put text into a URL. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
const pathId = fc.oneof(
  hostileText.map((text) => encodeURIComponent(wellFormed(text))),
  fc.constantFrom('%ZZ', '%E0%A4%A', '%', '%2F', '..', '00000000-0000-0000-0000-000000000000'),
);
const queryString = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(hostileKey.map(wellFormed), hostileText.map(wellFormed), { maxKeys: 3 })
    .map((params) => `?${new URLSearchParams(params)}`),
  fc.constantFrom('?token=%00', '?limit=-1', '?limit=1e309', '?focus_area_id=constructor', '?%', '?a=%ZZ'),
);
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/merge-patch+json',
    ),
  },
);

const hostileRequest = (list: string[]) =>
  fc.constantFrom(...list).chain((endpoint) =>
    fc.record<HostileRequest>({
      endpoint: fc.constant(endpoint),
      as: fc.constantFrom<Identity>('anonymous', 'member', 'admin'),
      pathIds: fc.array(pathId, { minLength: 1, maxLength: 2 }),
      query: queryString,
      contentType,
      body: hostileBody(endpoint),
    }),
  );

describe('hostile input', () => {
  it('covers every endpoint that takes input', () => {
    const list = endpoints();
    for (const expected of ['PATCH /api/me/profile', 'POST /api/exit-surveys', 'POST /api/auth/update-user']) {
      expect(list).toContain(expected);
    }
    expect(list.filter((e) => e.includes(':')).length).toBeGreaterThanOrEqual(4);
  });

  it('answers the known hostile bodies on every endpoint without a 5xx or a write', async () => {
    for (const endpoint of endpoints()) {
      const valid = VALID_BODIES[endpoint] ?? {};
      const bodies = [
        ...BUILT_IN_NAMES.slice(0, 3).map((key) => `{"${key}": 1}`),
        ...Object.keys(valid).map((field) => JSON.stringify({ ...valid, [field]: null })),
        JSON.stringify({ ...valid, note: 'a\u0000b' }),
        '{"email": ',
        RAW_BODIES.at(-1)!,
      ];
      // A body that claims to be a form and is not one (a route that reads forms must refuse it, not fail).
      await expectHandled({
        endpoint,
        as: 'anonymous',
        pathIds: ['constructor', '%00'],
        query: '',
        contentType: 'multipart/form-data; boundary=x',
        body: JSON.stringify(valid),
      });
      for (const as of ['anonymous', 'member'] as const) {
        for (const body of bodies) {
          await expectHandled({
            endpoint,
            as,
            pathIds: ['constructor', '%00'],
            query: '',
            contentType: 'application/json',
            body,
          });
        }
      }
    }
  }, 120_000);

  it('never answers 5xx, always explains a refusal, and writes nothing on one, for random requests', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest(endpoints()), (request) => expectHandled(request)),
      { numRuns: 150 },
    );
  }, 120_000);
});
