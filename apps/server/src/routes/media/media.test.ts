import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, mediaFiles } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import {
  FAKE_WHATSAPP_ENV,
  startFakeGraphApi,
  type FakeGraphApi,
} from '../../test-support/fakes/fake-whatsapp/graph-api';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { insertVoiceNote } from '../../test-support/whatsapp-state';

/**
 * A voice note a person sent on WhatsApp: fetched from the (fake) Graph API by
 * the `whatsapp_media` delivery (media id → short-lived URL → download with
 * the bearer token), checked against WhatsApp's SHA-256, kept by us, and
 * served by GET /api/media/:fileId to admins and the conversation's member
 * only. The message and its pending file are written as the inbound side
 * writes them (test-support/whatsapp-state.ts); once the webhook exists, the
 * voice note can arrive through it.
 */

const RETRY = { baseDelayMs: 50, maxDelayMs: 200, jitter: 0, maxAttempts: 3, giveUpAfterMs: 10 * 60_000 };
const OPUS = 'audio/ogg; codecs=opus';

let fake: FakeGraphApi;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  fake = await startFakeGraphApi();
  server = await startTestServer(
    { ...FAKE_WHATSAPP_ENV, WHATSAPP_GRAPH_API_URL: fake.url, ADMIN_EMAILS: 'coach@example.com' },
    { outbox: { pollIntervalMs: 50, retry: RETRY } },
  );
  admin = server.client();
  await admin.signUp('coach@example.com', 'calm-river-42', 'Coach');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.service.reset();
});

const db = () => server.database.db;
let seq = 0;
async function member() {
  const client = server.client();
  const id: string = (await client.signUp(`media${++seq}-${Date.now()}@example.com`, 'calm-river-42', 'Mia')).body.user
    .id;
  return { client, id, conversationId: await memberConversationId(db(), id) };
}

/** A voice note of `bytes` from the member's WhatsApp, as WhatsApp describes it (its own checksum unless given). */
async function voiceNote(conversationId: string, bytes: Uint8Array, sha256?: string | null, mimeType = OPUS) {
  const mediaId = fake.addMedia(bytes, mimeType);
  const checksum = sha256 === undefined ? createHash('sha256').update(bytes).digest('base64') : sha256;
  return { mediaId, ...(await insertVoiceNote(db(), conversationId, { mediaId, mimeType, sha256: checksum })) };
}

const fileOf = async (fileId: string) => (await db().select().from(mediaFiles).where(eq(mediaFiles.id, fileId)))[0]!;
const settledFile = (fileId: string) =>
  waitFor(async () => {
    const file = await fileOf(fileId);
    return file.status !== 'pending' && file;
  }, 'the media fetch to settle');
const mediaOf = async (messageId: string) =>
  (await db().select({ media: chatMessages.media }).from(chatMessages).where(eq(chatMessages.id, messageId)))[0]!.media;
/** The raw answer: the bytes are the point. */
const play = (client: TestClient, fileId: string) => client.api.media[':fileId'].$get({ param: { fileId } });
const mediaRequests = (mediaId: string) =>
  fake.service.calls.filter((c) => c.route === `GET /${fake.version}/${mediaId}`);
const downloads = (mediaId: string) =>
  fake.service.calls.filter(
    (c) => c.route === 'GET /whatsapp_business/attachments/' && c.request.query.get('mid') === mediaId,
  );

describe('a voice note', () => {
  it('is fetched, checked, kept, and played by an admin and its member only', async () => {
    const owner = await member();
    const other = await member();
    const bytes = randomBytes(40_000);
    const { fileId, messageId, mediaId } = await voiceNote(owner.conversationId, bytes);

    const stored = await settledFile(fileId);
    expect(stored).toMatchObject({ status: 'stored', sizeBytes: bytes.length, mimeType: OPUS, failureReason: null });
    expect(await mediaOf(messageId)).toMatchObject({ file_id: fileId, status: 'stored', voice: true });
    // One media lookup (with the bearer token and the number's id), one download with the token and a User-Agent.
    const [lookup] = mediaRequests(mediaId);
    expect(lookup!.request.authorization).toBe(`Bearer ${fake.accessToken}`);
    const [download] = downloads(mediaId);
    expect(download!.request).toMatchObject({ authorization: `Bearer ${fake.accessToken}` });
    expect(download!.request.userAgent).toMatch(/calm-space/);

    // The admin's page links it; the admin and the member play it.
    const page = await answer(
      admin.api.admin.conversations[':conversationId'].messages.$get({
        param: { conversationId: owner.conversationId },
        query: {},
      }),
    );
    expect(page.body.messages.find((m) => m.id === messageId)!.media).toMatchObject({
      url: `/api/media/${fileId}`,
      status: 'stored',
      voice: true,
      mime_type: OPUS,
    });
    for (const viewer of [admin, owner.client]) {
      const res = await play(viewer, fileId);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      expect(res.headers.get('content-type')).toBe(OPUS);
      expect(res.headers.get('cache-control')).toContain('private');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // Another member, a made-up id and a signed-out visitor learn nothing.
    const missing = await play(other.client, '00000000-0000-4000-8000-000000000000');
    const forbidden = await play(other.client, fileId);
    for (const res of [missing, forbidden]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
    expect((await play(server.client(), fileId)).status).toBe(401);
    expect((await play(owner.client, 'not-an-id')).status).toBe(400);
  });

  it('asks WhatsApp for a new URL when the one it had expired', async () => {
    const owner = await member();
    const bytes = randomBytes(2_000);
    // The first URL is dead before it is used (its 5 minutes are over).
    fake.expireNextMediaUrls(1);
    const { fileId, mediaId } = await voiceNote(owner.conversationId, bytes);
    expect((await settledFile(fileId)).status).toBe('stored');
    expect(mediaRequests(mediaId)).toHaveLength(2);
    expect(downloads(mediaId)).toHaveLength(2);
    expect(Buffer.from(await (await play(owner.client, fileId)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('is marked failed when the bytes never match WhatsApp’s checksum, or the file is too large', async () => {
    const owner = await member();
    const corrupt = await voiceNote(owner.conversationId, randomBytes(500), Buffer.alloc(32).toString('base64'));
    const failed = await settledFile(corrupt.fileId);
    expect(failed).toMatchObject({ status: 'failed', content: null });
    expect(failed.failureReason).toMatch(/SHA-256/);
    expect(mediaRequests(corrupt.mediaId)).toHaveLength(RETRY.maxAttempts);
    expect(await mediaOf(corrupt.messageId)).toMatchObject({ status: 'failed' });

    // An image over WhatsApp's 5 MB: refused from its announced size, never downloaded.
    const huge = await voiceNote(owner.conversationId, randomBytes(5 * 1024 * 1024 + 1), undefined, 'image/jpeg');
    const refused = await settledFile(huge.fileId);
    expect(refused.failureReason).toMatch(/too large/);
    expect(mediaRequests(huge.mediaId)).toHaveLength(1);
    expect((await play(owner.client, huge.fileId)).status).toBe(404);
  });
});
