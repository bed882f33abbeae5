import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REALTIME_PATH } from '@app/shared';
import { apiEndpointsOf, type AccessLevel, type ApiEndpoint } from './middleware/access';
import { answer, type TestClient } from './test-support/test-client';
import { startTestServer } from './test-support/test-server';
import { mediaFiles } from './db/schema';
import { storeDraft } from './lib/coach/coach-drafts';
import { memberNotes, weeklySummaries } from './db/schema';

/**
 * The authorization matrix: every API route of the built app, called as a
 * signed-out visitor, as a member (with another member's ids in the path),
 * and as an admin, against what its declared access allows. A route that
 * declares no access fails here, so no route escapes the table. The table is
 * also written to docs/authorization-matrix.md (regenerate with `-u`).
 *
 * better-auth owns /api/auth/* (its own sessions, rate limits and origin
 * checks, tested in routes/auth); pages, robots.txt and sitemap.xml are not API.
 */
const OWNED_BY_BETTER_AUTH = /^\/api\/auth\//;

type Caller = 'anonymous' | 'member' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'member', 'admin'];

/**
 * "served": the call reached the handler. A read answers 2xx. A write sent
 * with an empty body may answer 400 (the body is checked after the guard), 404
 * (the target is absent) or 409 (a rule refuses it), never 401/403 or 5xx.
 */
type Outcome = 'served' | 400 | 401 | 403;

const EXPECTED: Record<AccessLevel, Record<Caller, Outcome>> = {
  public: { anonymous: 'served', member: 'served', admin: 'served' },
  member: { anonymous: 401, member: 'served', admin: 'served' },
  admin: { anonymous: 401, member: 403, admin: 'served' },
  // Tests run in local mode; in production these routers are not mounted (production-mode.test.ts).
  'local-only': { anonymous: 'served', member: 'served', admin: 'served' },
  // Nobody here holds the sending service's signature: refused with the sender's status (400 unless it says).
  webhook: { anonymous: 400, member: 400, admin: 400 },
};

/** What a caller gets from an endpoint: a webhook's refusal is the status its guard declares. */
function expectedFor(endpoint: ApiEndpoint, level: AccessLevel, caller: Caller): Outcome {
  if (level === 'webhook') return endpoint.refusalStatus ?? 400;
  return EXPECTED[level][caller];
}

/** The answer of every refusal and error (ApiErrorBody in packages/shared). */
const errorBody = z
  .object({
    error: z.string().min(1),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    code: z.string().optional(),
  })
  .strict();

/** Every field is snake_case but the local mailbox's `createdAt` (docs/product.md#running-locally). */
const CASING_EXCEPTIONS = new Set(['GET /api/dev/mailbox']);
/**
 * The WebSocket endpoint: a plain request that gets past its guard answers 426
 * (fetch cannot ask for an upgrade); realtime.test.ts opens real sockets.
 */
const WEBSOCKET_ROUTES = new Set([`GET ${REALTIME_PATH}`]);
/**
 * Reads of one thing by its id that a member may see only when it is theirs
 * (another member's voice note): the member, holding the other member's id,
 * gets 404, the same as for an id that does not exist; the admin gets it.
 */
const NOT_FOUND_FOR_OTHER_MEMBERS = new Set(['GET /api/media/:fileId']);
/**
 * The signed-in person's own things by id (/api/me/…): another member's id is
 * answered 404 to everyone, the admin included (the admin reads a member's
 * through the /api/admin routes).
 */
const OWN_ONLY_BY_ID = new Set(['GET /api/me/summaries/:summaryId']);

const server = await startTestServer({
  ADMIN_EMAILS: 'matrix-admin@example.com',
  // The outside coach's endpoint is mounted only when one is configured; nobody here holds its token.
  COACH_AUTOMATION_URL: 'http://127.0.0.1:9/coach-hook',
  COACH_AUTOMATION_TOKEN: 'matrix-automation-token-nobody-here-holds',
});
const allEndpoints = apiEndpointsOf(server.app).filter((e) => !OWNED_BY_BETTER_AUTH.test(e.path));
const declared = allEndpoints.filter((e) => e.levels.length === 1 && e.guardFirst);
const routeName = (e: ApiEndpoint) => `${e.method} ${e.path}`;

const clients = {} as Record<Caller, TestClient>;
/** The other member, whose ids go into the paths and whose data must never show up. */
const other = {
  id: '',
  email: 'matrix-other@example.com',
  promptId: '',
  conversationId: '',
  messageId: '',
  fileId: '',
  mediaId: '',
  draftId: '',
  summaryId: '',
  stepId: '',
  noteId: '',
  secrets: [] as string[],
};
/** The /dev/whatsapp phone's number, with a voice note (its media id) sent from it. */
const LOCAL_PHONE = '447700900999';

beforeAll(async () => {
  clients.anonymous = server.client();
  clients.member = server.client();
  clients.admin = server.client();
  await clients.member.signUp('matrix-member@example.com', 'calm-river-42', 'Mina Member');
  await clients.admin.signUp('matrix-admin@example.com', 'calm-river-42', 'Ada Admin');

  const owner = server.client();
  const name = 'Otto Otherton';
  other.id = (await owner.signUp(other.email, 'calm-river-42', name)).body.user.id;
  other.promptId = (await answer(owner.api.catalog['daily-prompt'].$get({ query: {} }))).body!.id;
  const reflection = await answer(
    owner.api.me.reflections.$post({ json: { reflection_text: 'Otto keeps this to himself' } }),
  );
  const feedback = await answer(
    owner.api.me['tracker-feedback'].$put({
      json: {
        tracking: 'Habit tracking',
        project_management_tools: [],
        visual_feature_preferences: [],
        additional_thoughts: 'Otto’s private thoughts',
      },
    }),
  );
  expect(
    (
      await answer(
        owner.api.me['prompt-ratings'][':promptId'].$put({ param: { promptId: other.promptId }, json: { rating: 4 } }),
      )
    ).status,
  ).toBe(200);
  const message = await answer(owner.api.me.messages.$post({ json: { message: 'Otto tells the coach a secret' } }));
  expect([reflection.status, feedback.status, message.status]).toEqual([201, 200, 201]);
  other.conversationId = message.body.conversation_id;
  // The AI's draft of an answer to the other member, waiting for a coach.
  other.draftId = (await storeDraft(server.database.db, { conversationId: other.conversationId, text: 'A draft' })).id;
  other.messageId = message.body.id;
  // A weekly summary kept for the other member (as the programme's composer stores one).
  const [summary] = await server.database.db
    .insert(weeklySummaries)
    .values({
      userId: other.id,
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      numbers: {
        checkins: 0,
        average_score: null,
        score_change: null,
        steps_done: 0,
        steps_not_done: 0,
        reflections_written: 0,
      },
      text: 'Otto’s quiet week',
      proseSource: 'scripted',
    })
    .returning({ id: weeklySummaries.id });
  other.summaryId = summary!.id;
  // The team's note on the other member (decision 060), for the routes that correct and delete one.
  const [note] = await server.database.db
    .insert(memberNotes)
    .values({ memberId: other.id, text: 'Otto’s team note' })
    .returning({ id: memberNotes.id });
  other.noteId = note!.id;
  // The other member's step: another member acting on it is answered 404, as for a step that does not exist.
  other.stepId = (await answer(owner.api.me.steps.$post())).body.step.id;
  // A voice note kept for the other member's conversation (as the WhatsApp bridge stores one).
  const [file] = await server.database.db
    .insert(mediaFiles)
    .values({ messageId: message.body.id, mimeType: 'audio/ogg', status: 'stored', content: new Uint8Array([79, 103]) })
    .returning({ id: mediaFiles.id });
  other.fileId = file!.id;
  const voiceNote = await answer(
    owner.api.dev.whatsapp.messages.$post({
      json: {
        phone: LOCAL_PHONE,
        profile_name: name,
        audio: { data: 'T2dnUw==', mime_type: 'audio/ogg; codecs=opus' },
      },
    }),
  );
  other.mediaId = voiceNote.body.id;
  other.secrets = [other.id, other.email, name, reflection.body.reflection_text, reflection.body.id];
  other.secrets.push(feedback.body.additional_thoughts!, feedback.body.id, message.body.message, message.body.id);
  other.secrets.push('Otto’s quiet week', other.summaryId, 'Otto’s team note', other.noteId);
});
afterAll(() => server.close());

/** Path parameters, filled with the other member's real ids. A new parameter needs a line here. */
function pathFor(endpoint: ApiEndpoint): string {
  const values: Record<string, string> = {
    id: other.id,
    role: 'admin', // one the other member does not hold
    promptId: other.promptId,
    email: other.email,
    memberId: other.id,
    conversationId: other.conversationId,
    messageId: other.messageId,
    fileId: other.fileId,
    phone: LOCAL_PHONE,
    mediaId: other.mediaId,
    draftId: other.draftId,
    summaryId: other.summaryId,
    stepId: other.stepId,
    noteId: other.noteId,
  };
  return endpoint.path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routeName(endpoint)}: add a value for :${name} in pathFor()`);
    return encodeURIComponent(value);
  });
}

function camelCaseKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => camelCaseKeys(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/[A-Z]/.test(key) ? [`${at}.${key}`] : []),
    ...camelCaseKeys(inner, `${at}.${key}`),
  ]);
}

describe('the route registry', () => {
  it('finds the routes of the built app', () => {
    const names = allEndpoints.map(routeName);
    for (const known of ['GET /api/health', 'PATCH /api/me/profile', 'POST /api/admin/users/:id/roles']) {
      expect(names).toContain(known);
    }
  });

  it('has every API route declare one access level, as its first handler', () => {
    const undeclared = allEndpoints.filter((e) => !declared.includes(e)).map(routeName);
    // Add `access.<level>` as the route's first handler (middleware/access.ts).
    expect(undeclared).toEqual([]);
  });

  it('lists each webhook route by the verifier of its sender', () => {
    const webhooks = declared.filter((e) => e.levels[0] === 'webhook');
    expect(webhooks.map((e) => [routeName(e), e.verifier, e.refusalStatus])).toEqual([
      ['POST /api/webhooks/stripe', 'Stripe-Signature (Stripe SDK)', 400],
      ['GET /api/webhooks/whatsapp', 'hub.verify_token (Meta subscription handshake)', 403],
      ['POST /api/webhooks/whatsapp', 'x-hub-signature-256 (HMAC-SHA256, sha256= hex)', 401],
      ['POST /api/automation/messages', 'Authorization: Bearer COACH_AUTOMATION_TOKEN', 401],
    ]);
  });

  it('is written down in docs/authorization-matrix.md', async () => {
    const docPath = fileURLToPath(new URL('../../../docs/authorization-matrix.md', import.meta.url));
    await expect(await matrixDocument(docPath)).toMatchFileSnapshot(docPath);
  });
});

describe.each(declared.map((endpoint) => ({ endpoint, route: routeName(endpoint), level: endpoint.levels[0]! })))(
  '$route ($level)',
  ({ endpoint, route, level }) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const res = await clients[caller].request(
        endpoint.method,
        pathFor(endpoint),
        endpoint.method === 'GET' ? undefined : {},
      );
      const expected = expectedFor(endpoint, level, caller);
      const context = `${route} as ${caller}: ${res.status} ${JSON.stringify(res.body)}`;

      if (expected === 'served') {
        const allowed = WEBSOCKET_ROUTES.has(route)
          ? [426]
          : (NOT_FOUND_FOR_OTHER_MEMBERS.has(route) && caller === 'member') || OWN_ONLY_BY_ID.has(route)
            ? [404]
            : endpoint.method === 'GET'
              ? [200]
              : [200, 201, 202, 204, 400, 404, 409];
        expect(allowed, context).toContain(res.status);
      } else {
        expect(res.status, context).toBe(expected);
      }

      if (res.status >= 400) {
        expect(errorBody.safeParse(res.body).success, context).toBe(true);
      } else if (!CASING_EXCEPTIONS.has(route)) {
        expect(camelCaseKeys(res.body), context).toEqual([]);
      }

      // Only the local-mode tools may show another account's data (the mailbox holds everyone's mail).
      if (caller !== 'admin' && level !== 'local-only') {
        const text = JSON.stringify(res.body);
        expect(
          other.secrets.filter((secret) => text.includes(secret)),
          context,
        ).toEqual([]);
      }
    });
  },
);

async function matrixDocument(docPath: string): Promise<string> {
  const describeOutcome = (outcome: Outcome) => (outcome === 'served' ? 'served' : String(outcome));
  const rows = [...declared]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((e) => {
      const level = e.levels[0]!;
      const cells = CALLERS.map((caller) => describeOutcome(expectedFor(e, level, caller)));
      return `| \`${e.method} ${e.path}\` | ${level} | ${cells.join(' | ')} |`;
    });
  const markdown = [
    '# Authorization matrix',
    '',
    'Generated from the routes of the built app by `apps/server/src/authorization-matrix.test.ts`,',
    'which calls every route as each caller and checks the answer. Do not edit by hand: after adding',
    'or changing a route, run `npx vitest run --project server apps/server/src/authorization-matrix.test.ts -u`',
    'and commit the result. `/api/auth/*` belongs to better-auth and is not listed.',
    '',
    '- **served**: the call reaches the handler: 2xx for a read; for a write sent with an empty body,',
    '  400 (the body is checked after the access guard), 404 or 409 where the target is absent or a rule refuses it.',
    '  `GET /api/media/:fileId` answers a member 404 for another member’s file, as for a file that does not exist.',
    '- **400**, **401** or **403** (webhook): no valid signature (or handshake or bearer token) from the sending service, refused',
    '  with the status that service expects (its verifier is listed below the table).',
    '  **401**: not signed in.',
    '  **403**: signed in without the admin role.',
    '- The member calls with another member’s ids in the path, and must never see that member’s data.',
    '- local-only routes are never mounted in production; nor is `/api/local-payments/*`, the local payment',
    '  provider’s TEST MODE checkout and portal (member routes, used when Stripe is not configured).',
    '',
    '| Route | Access | Anonymous | Member | Admin |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '## Webhook routes by verifier',
    '',
    'Each checks its sender’s signature over the raw body before anything is read (lib/webhooks, decision 054).',
    '',
    '| Route | Verifier | Refused with |',
    '| --- | --- | --- |',
    ...declared
      .filter((e) => e.verifier)
      .map((e) => `| \`${e.method} ${e.path}\` | ${e.verifier} | ${e.refusalStatus} |`),
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(docPath);
  return prettier.format(markdown, { ...options, parser: 'markdown' });
}
