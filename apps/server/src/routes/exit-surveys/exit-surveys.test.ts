import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EXIT_SURVEY_SOURCE, type ExitSurveyWebhookPayload } from '@app/shared';
import { exitIntentSurveys, outbox } from '../../db/schema';
import { DEFAULT_OUTBOX_SETTINGS } from '../../lib/outbox/worker';
import { standardWebhookVerifier } from '../../lib/webhooks/standard-webhooks';
import { freePort } from '../../test-support/free-port';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor as waitForRow } from '../../test-support/wait-for';

/** A survey as the exit-intent form sends it. */
type SurveyBody = Parameters<TestClient['api']['exit-surveys']['$post']>[0]['json'];

/** Sends a survey through the typed client, with the headers a test chooses (an Origin, a forwarded address). */
const sendSurvey = (client: TestClient, json: SurveyBody, headers?: Record<string, string>) =>
  answer(client.api['exit-surveys'].$post({ json }, headers && { headers }));

const valid: SurveyBody = {
  name: 'Harriet Osei',
  email: 'harriet@example.com',
  willingness_to_pay: 'maybe',
  chat_preference: 'yes',
  reason: 'I want to try it before I commit.',
};

interface Received {
  body: unknown;
  raw: Buffer;
  contentType: string | undefined;
  headers: http.IncomingHttpHeaders;
  /** What the receiver answered. */
  status: number;
  /** Whether the answer has been sent (after `delayMs`). */
  answered: boolean;
}

/**
 * A local automation endpoint that records what it receives; its answer can be
 * changed per test (`status`), or scripted for the next requests (`answers`).
 */
async function startReceiver() {
  const state = { status: 204, answers: [] as number[], delayMs: 0, received: [] as Received[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const status = state.answers.shift() ?? state.status;
      const received: Received = {
        body: JSON.parse(raw.toString()) as unknown,
        raw,
        contentType: req.headers['content-type'],
        headers: req.headers,
        status,
        answered: false,
      };
      state.received.push(received);
      setTimeout(() => {
        res.writeHead(status).end();
        received.answered = true;
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/exit-survey`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const allReceivedFor = (receiver: { received: Received[] }, email: string) =>
  receiver.received.filter((r) => (r.body as ExitSurveyWebhookPayload).email === email);
const receivedFor = (receiver: { received: Received[] }, email: string) => allReceivedFor(receiver, email)[0];

const rowsFor = (server: TestServer, email: string) =>
  server.database.db.select().from(exitIntentSurveys).where(eq(exitIntentSurveys.email, email));

describe('saving a survey', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ AUTOMATION_WEBHOOK_URL: receiver.url, EXIT_SURVEY_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('saves a valid survey with the fixed source and answers 201', async () => {
    const res = await sendSurvey(server.client(), { ...valid, name: '  Harriet Osei  ' });
    expect(res.status).toBe(201);
    const rows = await rowsFor(server, valid.email);
    expect(rows).toHaveLength(1);
    // The answer names the saved row.
    expect(res.body).toEqual({ id: rows[0]!.id, created_at: rows[0]!.createdAt.toISOString() });
    expect(rows[0]).toMatchObject({
      name: 'Harriet Osei',
      email: 'harriet@example.com',
      willingnessToPay: 'maybe',
      chatPreference: 'yes',
      reason: 'I want to try it before I commit.',
      source: EXIT_SURVEY_SOURCE,
    });
  });

  it('sends every field of the payload to the automation webhook', async () => {
    const res = await sendSurvey(server.client(), { ...valid, email: 'hook@example.com' });
    expect(res.status).toBe(201);
    const hit = await waitFor(() => receivedFor(receiver, 'hook@example.com'));
    const [row] = await rowsFor(server, 'hook@example.com');
    expect(hit.contentType).toMatch(/^application\/json/);
    const payload = hit.body as ExitSurveyWebhookPayload;
    expect(payload).toEqual({
      name: 'Harriet Osei',
      email: 'hook@example.com',
      willingness_to_pay: 'maybe',
      reason: 'I want to try it before I commit.',
      chat_preference: 'yes',
      source: EXIT_SURVEY_SOURCE,
      timestamp: row!.createdAt.toISOString(),
      // The test client sends the site's own origin, as the browser does.
      triggered_from: server.url,
    });
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
  });

  it('stores no reason as null and tells the webhook "Not provided"; without an Origin it names the site', async () => {
    const { reason: _omitted, ...noReason } = valid;
    const res = await sendSurvey(
      server.client(),
      { ...noReason, email: 'quiet@example.com', reason: '   ' },
      { origin: '' },
    );
    expect(res.status).toBe(201);
    const [row] = await rowsFor(server, 'quiet@example.com');
    expect(row!.reason).toBeNull();
    const hit = (await waitFor(() => receivedFor(receiver, 'quiet@example.com'))).body as ExitSurveyWebhookPayload;
    expect(hit.reason).toBe('Not provided');
    expect(hit.triggered_from).toBe(server.url);
  });

  it('refuses a page on another site (same-origin rule) and never reports its origin', async () => {
    const res = await sendSurvey(
      server.client(),
      { ...valid, email: 'evil@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(await rowsFor(server, 'evil@example.com')).toHaveLength(0);
  });

  it('a webhook answering 500 changes nothing for the visitor', async () => {
    receiver.status = 500;
    try {
      const res = await sendSurvey(server.client(), { ...valid, email: 'failing@example.com' });
      expect(res.status).toBe(201);
      await waitFor(() => receivedFor(receiver, 'failing@example.com'));
      expect(await rowsFor(server, 'failing@example.com')).toHaveLength(1);
    } finally {
      receiver.status = 204;
    }
  });

  it('does not keep the visitor waiting for a slow webhook', async () => {
    receiver.delayMs = 3000;
    try {
      const res = await sendSurvey(server.client(), { ...valid, email: 'slow@example.com' });
      expect(res.status).toBe(201);
      // The visitor has their answer while the webhook still waits for its own (an order, not a time).
      expect(receivedFor(receiver, 'slow@example.com')?.answered ?? false).toBe(false);
      await waitFor(() => receivedFor(receiver, 'slow@example.com'));
    } finally {
      receiver.delayMs = 0;
    }
  });

  it.each([
    [{ willingness_to_pay: undefined }, 'willingness_to_pay', 'Please select an option'],
    [{ willingness_to_pay: 'perhaps' }, 'willingness_to_pay', 'Please select an option'],
    [{ chat_preference: undefined }, 'chat_preference', 'Please select an option'],
    [{ chat_preference: 'maybe' }, 'chat_preference', 'Please select an option'],
    [{ reason: 'x'.repeat(501) }, 'reason', 'Reason must be less than 500 characters'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Invalid input: expected string, received undefined'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name must be less than 100 characters'],
    [{ email: 'not-an-address' }, 'email', 'Invalid email address'],
    [{ email: `${'e'.repeat(250)}@example.com` }, 'email', 'Email must be less than 255 characters'],
    [{ source: 'Something else' }, 'source', 'Unrecognized key: "source"'],
  ])('refuses %j with 400 and the field’s message', async (change, field, message) => {
    // Missing fields, values outside the enums and an unknown key are bodies the typed client refuses: sent raw.
    const res = await server.client().post('/api/exit-surveys', { ...valid, email: 'bad@example.com', ...change });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await rowsFor(server, 'bad@example.com')).toHaveLength(0);
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    // Not JSON at all: only the raw client sends it.
    const res = await server.client().post('/api/exit-surveys', '{"name":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const res = await sendSurvey(server.client(), { ...valid, reason: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
    expect(res.error).toEqual({ error: 'The survey is too large to accept' });
  });
});

describe('when the automation webhook is unreachable', () => {
  it('the visitor still gets 201 and the survey is saved', async () => {
    const server = await startTestServer({ AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/nobody` });
    try {
      const res = await sendSurvey(server.client(), valid);
      expect(res.status).toBe(201);
      expect(await rowsFor(server, valid.email)).toHaveLength(1);
      // Give the background delivery time to fail; the server must stay healthy.
      await new Promise((r) => setTimeout(r, 200));
      expect((await answer(server.client().api.health.$get())).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

/** A Standard Webhooks secret, as the automation service would issue one. */
const SECRET = `whsec_${Buffer.from('the automation service’s signing key, 32+ bytes').toString('base64')}`;
/** Retries in moments, so a test sees them. */
const FAST_RETRIES = { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 100, maxDelayMs: 400, jitter: 0 };

describe('the signed automation hook', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer(
      { AUTOMATION_WEBHOOK_URL: receiver.url, AUTOMATION_WEBHOOK_SECRET: SECRET, EXIT_SURVEY_RATE_LIMIT_MAX: '1000' },
      { outbox: { retry: FAST_RETRIES } },
    );
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const rowFor = async (email: string) =>
    (await server.database.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).find(
      (row) => (row.payload.body as ExitSurveyWebhookPayload).email === email,
    );

  it('is signed per Standard Webhooks, which the receiver verifies over the bytes it received', async () => {
    const res = await sendSurvey(server.client(), { ...valid, email: 'signed@example.com' });
    expect(res.status).toBe(201);
    const hit = await waitFor(() => receivedFor(receiver, 'signed@example.com'));
    const verifier = standardWebhookVerifier(SECRET);
    const header = (name: string) => hit.headers[name] as string | undefined;
    expect(await verifier.verify(hit.raw, header)).toBe(true);
    // The id is the outbox row's; the timestamp is this attempt's, in seconds.
    const row = await rowFor('signed@example.com');
    expect(header('webhook-id')).toBe(row!.id);
    expect(Math.abs(Number(header('webhook-timestamp')) - Date.now() / 1000)).toBeLessThan(60);
    expect(header('webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // Verified against another secret, or over other bytes, it fails.
    const otherSecret = `whsec_${Buffer.from('somebody else’s key of 32 bytes or more').toString('base64')}`;
    expect(await standardWebhookVerifier(otherSecret).verify(hit.raw, header)).toBe(false);
    expect(await verifier.verify(Buffer.from(JSON.stringify({ ...(hit.body as object), name: 'X' })), header)).toBe(
      false,
    );
  });

  it('is tried again after a 500, with the same webhook-id, and delivered once', async () => {
    receiver.answers.push(500, 503);
    const res = await sendSurvey(server.client(), { ...valid, email: 'retried@example.com' });
    expect(res.status).toBe(201);
    const row = await waitForRow(async () => {
      const current = await rowFor('retried@example.com');
      return current?.status === 'sent' && current;
    }, 'the hook delivered');
    const hits = allReceivedFor(receiver, 'retried@example.com');
    expect(hits.map((h) => h.status)).toEqual([500, 503, 204]);
    expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(new Set([row.id]));
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    const verifier = standardWebhookVerifier(SECRET);
    for (const hit of hits) expect(await verifier.verify(hit.raw, (name) => hit.headers[name] as string)).toBe(true);
  });

  it.each([410, 400, 404])('is not tried again after a %i: the receiver will never take it', async (status) => {
    receiver.answers.push(status);
    const email = `refused-${status}@example.com`;
    expect((await sendSurvey(server.client(), { ...valid, email })).status).toBe(201);
    const row = await waitForRow(async () => {
      const current = await rowFor(email);
      return current?.status === 'failed' && current;
    }, 'the hook refused');
    expect(row).toMatchObject({ attempts: 1, lastError: `the receiver answered ${status}` });
    expect(allReceivedFor(receiver, email)).toHaveLength(1);
  });

  it('goes with the survey when the visitor, a member, deletes their account', async () => {
    const member = server.client();
    await member.signUp('leaving.visitor@example.com', 'calm-river-42');
    expect((await sendSurvey(member, { ...valid, email: 'leaving.visitor@example.com' })).status).toBe(201);
    await waitForRow(async () => await rowFor('leaving.visitor@example.com'), 'the hook queued');
    const deleted = await answer(
      member.api.me.account.$delete({ json: { password: 'calm-river-42', confirmation: 'DELETE' } }),
    );
    expect(deleted.status).toBe(204);
    expect(await rowsFor(server, 'leaving.visitor@example.com')).toHaveLength(0);
    expect(await rowFor('leaving.visitor@example.com')).toBeUndefined();
  });

  it.each([408, 429])('is tried again after a %i', async (status) => {
    receiver.answers.push(status);
    const email = `later-${status}@example.com`;
    expect((await sendSurvey(server.client(), { ...valid, email })).status).toBe(201);
    await waitForRow(async () => (await rowFor(email))?.status === 'sent', 'the hook delivered');
    expect(allReceivedFor(receiver, email).map((h) => h.status)).toEqual([status, 204]);
  });
});

describe('rate limit per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY lets the test speak for several addresses through X-Forwarded-For (the last entry counts).
    server = await startTestServer({ EXIT_SURVEY_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  const from = (ip: string, email: string) =>
    sendSurvey(server.client(), { ...valid, email }, { 'x-forwarded-for': `198.51.100.77, ${ip}` });

  it('refuses the fourth survey from one address with 429, but not another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('203.0.113.1', `a${i}@example.com`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);

    const refused = await from('203.0.113.1', 'late@example.com');
    expect(refused.error).toEqual({ error: 'Too many surveys from this address. Please try again in a few minutes.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowsFor(server, 'a3@example.com')).toHaveLength(0);

    expect((await from('203.0.113.2', 'b0@example.com')).status).toBe(201);
  });

  it('does not count refused input against the visitor', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await sendSurvey(server.client(), { ...valid, email: 'nope' }, { 'x-forwarded-for': '203.0.113.3' });
      expect(res.status).toBe(400);
    }
    expect((await from('203.0.113.3', 'c0@example.com')).status).toBe(201);
  });

  it('starts a fresh window once the old one has run out', async () => {
    for (let i = 0; i < 4; i++) await from('203.0.113.4', `d${i}@example.com`);
    expect((await from('203.0.113.4', 'd-late@example.com')).status).toBe(429);
    // Age the window in the database, as ten minutes passing would.
    const { rateLimitCounters } = await import('../../db/schema');
    const { sql } = await import('drizzle-orm');
    await server.database.db
      .update(rateLimitCounters)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitCounters.key, 'exit-survey:203.0.113.4'));
    expect((await from('203.0.113.4', 'd-fresh@example.com')).status).toBe(201);
  });
});
