import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappLocalMessages } from '../../db/schema';
import { apiEndpointsOf } from '../../middleware/access';
import { createLocalProvider } from '../../lib/whatsapp/local-provider';
import { WhatsAppApiError, type WhatsAppApi } from '../../lib/whatsapp/whatsapp-api';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * The /dev/whatsapp phone and the local provider (decision 056): what the
 * phone sends is recorded and delivered to the server's own webhook endpoint;
 * what the bridge sends through the provider shows on the phone, with the
 * phone's receipts; Meta's rules the bridge relies on hold (the 24-hour
 * window, media by id → expiring URL → bytes with their checksum).
 */
let server: TestServer;
let phone: TestClient;
let provider: WhatsAppApi;
/**
 * What the real endpoint answers a correctly signed delivery: 200 once the
 * inbound part of the bridge serves it; until then the API's 404, which still
 * shows the delivery reached this very server.
 */
let endpointAnswer: number;

beforeAll(async () => {
  server = await startTestServer();
  phone = server.client();
  provider = createLocalProvider(server.database.db, { publicUrl: server.url });
  const served = apiEndpointsOf(server.app).some((e) => e.method === 'POST' && e.path === '/api/webhooks/whatsapp');
  endpointAnswer = served ? 200 : 404;
});
afterAll(() => server.close());

type MessageBody = Parameters<TestClient['api']['dev']['whatsapp']['messages']['$post']>[0]['json'];
const send = (json: MessageBody) => answer(phone.api.dev.whatsapp.messages.$post({ json }));
const thread = async (number: string) =>
  (await answer(phone.api.dev.whatsapp.phones[':phone'].$get({ param: { phone: number } }))).body;
const receipts = (json: { phone: string; external_ids: string[]; status: 'delivered' | 'read' }) =>
  answer(phone.api.dev.whatsapp.receipts.$post({ json }));
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the provider to refuse'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(WhatsAppApiError);
      return (error as WhatsAppApiError).details;
    },
  );

describe('the phone', () => {
  it('sends text through the webhook endpoint and shows it in its thread', async () => {
    const sent = await send({ phone: '+44 7700 900101', profile_name: ' Zoë ', text: 'Hi! Where do we begin? 🌿' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      id: expect.any(String),
      external_id: expect.stringMatching(/^wamid\.local\.[0-9a-f-]{36}$/),
      webhook: { status: endpointAnswer },
    });

    const shown = await thread('447700900101');
    expect(shown).toEqual({
      phone: '447700900101',
      business_number: '447700900000',
      messages: [
        {
          id: sent.body.id,
          external_id: sent.body.external_id,
          direction: 'in',
          kind: 'text',
          text: 'Hi! Where do we begin? 🌿',
          media_url: null,
          at: expect.any(String),
          status: 'sent',
        },
      ],
    });
    const phones = (await answer(phone.api.dev.whatsapp.phones.$get())).body;
    expect(phones).toContainEqual({ phone: '447700900101', profile_name: 'Zoë', last_at: shown.messages[0]!.at });
  });

  it('sends a voice note, which the provider serves as Meta serves media', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const sent = await send({
      phone: '447700900102',
      profile_name: 'Sam',
      audio: { data: bytes.toString('base64'), mime_type: 'audio/ogg; codecs=opus' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.webhook).toEqual({ status: endpointAnswer });
    const [note] = (await thread('447700900102')).messages;
    expect(note).toMatchObject({ kind: 'voice', text: null, media_url: `/api/dev/whatsapp/media/${sent.body.id}` });

    // The webhook names the media by the message's id; the bridge asks for it, then downloads it.
    const info = await provider.mediaInfo(sent.body.id);
    expect(info).toEqual({
      url: expect.stringMatching(new RegExp(`^${server.url}/api/dev/whatsapp/media/${sent.body.id}\\?expires=\\d+$`)),
      mimeType: 'audio/ogg; codecs=opus',
      sha256: createHash('sha256').update(bytes).digest('base64'),
      fileSize: 3000,
    });
    const downloaded = await provider.downloadMedia(info.url);
    expect(Buffer.from(downloaded.bytes).equals(bytes)).toBe(true);
    expect(downloaded.contentType).toBe('audio/ogg; codecs=opus');

    // The URL is real: the phone page plays it from there too.
    const played = await fetch(info.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/ogg; codecs=opus');
    expect(Buffer.from(await played.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${server.url}${note!.media_url}`)).status).toBe(200);

    // Like Meta's, the URL expires after 5 minutes; a new one comes from mediaInfo.
    const later = createLocalProvider(server.database.db, {
      publicUrl: server.url,
      now: () => new Date(Date.now() + 6 * 60 * 1000),
    });
    expect(await rejection(later.downloadMedia(info.url))).toMatchObject({ httpStatus: 404 });
    const expiredUrl = info.url.replace(/expires=\d+/, `expires=${Date.now() - 1}`);
    expect((await fetch(expiredUrl)).status).toBe(404);
    // An id that names no media is refused as Meta refuses one (a text message has none).
    const text = await send({ phone: '447700900102', profile_name: 'Sam', text: 'and a text' });
    for (const mediaId of [text.body.id, 'not-a-media-id', '00000000-0000-4000-8000-000000000000']) {
      expect(await rejection(provider.mediaInfo(mediaId))).toMatchObject({ httpStatus: 400, code: 100 });
    }
  });
});

describe('the local provider', () => {
  it('records the coach’s replies inside the window as the Graph API request, and refuses them outside it', async () => {
    const number = '447700900103';
    // Never written: no window is open.
    expect(await rejection(provider.sendText({ waId: number, bsuid: null }, 'Hello?'))).toMatchObject({
      httpStatus: 400,
      code: 131047,
      title: 'Re-engagement message',
    });
    await send({ phone: number, profile_name: 'Ana', text: 'Hi there' });
    const reply = await provider.sendText({ waId: number, bsuid: null }, 'Welcome, Ana. How are you feeling today?');
    expect(reply.externalId).toMatch(/^wamid\.local\./);
    // Addressed by the business-scoped id alone (a number Meta withholds), it reaches the same phone.
    const byBsuid = await provider.sendText({ waId: null, bsuid: `ZZ.${number}` }, 'Take your time.');

    const [row] = await server.database.db
      .select()
      .from(whatsappLocalMessages)
      .where(eq(whatsappLocalMessages.externalId, reply.externalId));
    expect(row).toMatchObject({ direction: 'out', phone: number, status: 'sent' });
    expect(row!.payload).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `+${number}`,
      type: 'text',
      text: { preview_url: false, body: 'Welcome, Ana. How are you feeling today?' },
    });
    const [bsuidRow] = await server.database.db
      .select()
      .from(whatsappLocalMessages)
      .where(eq(whatsappLocalMessages.externalId, byBsuid.externalId));
    expect(bsuidRow!.payload).toMatchObject({ recipient: `ZZ.${number}`, type: 'text' });
    expect(bsuidRow!.payload).not.toHaveProperty('to');

    expect((await thread(number)).messages.map((m) => [m.direction, m.kind, m.text, m.status])).toEqual([
      ['in', 'text', 'Hi there', 'sent'],
      ['out', 'text', 'Welcome, Ana. How are you feeling today?', 'sent'],
      ['out', 'text', 'Take your time.', 'sent'],
    ]);

    // 25 hours after the phone's last message, only a template may be sent.
    const quiet = '447700900104';
    await server.database.db.insert(whatsappLocalMessages).values({
      direction: 'in',
      phone: quiet,
      externalId: 'wamid.local.quiet',
      payload: { profile_name: 'Quiet', message: { type: 'text', text: { body: 'a while ago' } } },
      status: 'sent',
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });
    expect(await rejection(provider.sendText({ waId: quiet, bsuid: null }, 'Still there?'))).toMatchObject({
      code: 131047,
    });
    await provider.sendTemplate({ waId: quiet, bsuid: null }, { name: 'reply_waiting', language: 'en_GB' });
    expect((await thread(quiet)).messages.map((m) => [m.direction, m.kind, m.text])).toEqual([
      ['in', 'text', 'a while ago'],
      ['out', 'template', 'reply_waiting (en_GB)'],
    ]);
    const outbound = await server.database.db
      .select()
      .from(whatsappLocalMessages)
      .where(and(eq(whatsappLocalMessages.phone, quiet), eq(whatsappLocalMessages.direction, 'out')));
    expect(outbound.map((r) => r.payload)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `+${quiet}`,
        type: 'template',
        template: { name: 'reply_waiting', language: { code: 'en_GB' } },
      },
    ]);
  });

  it('marks the phone’s messages read up to the one named, as WhatsApp does', async () => {
    const number = '447700900105';
    const sent = [];
    for (const text of ['one', 'two', 'three']) {
      sent.push((await send({ phone: number, profile_name: 'Lee', text })).body.external_id);
    }
    await provider.markRead(sent[1]!, { typing: true });
    expect((await thread(number)).messages.map((m) => [m.text, m.status])).toEqual([
      ['one', 'read'],
      ['two', 'read'],
      ['three', 'sent'],
    ]);
    expect(await rejection(provider.markRead('wamid.local.unknown'))).toMatchObject({ code: 100 });
  });
});

describe("the phone's receipts", () => {
  it('move the business’s messages forward only, and go to the endpoint as status webhooks', async () => {
    const number = '447700900106';
    await send({ phone: number, profile_name: 'Kim', text: 'Hello' });
    const first = (await provider.sendText({ waId: number, bsuid: null }, 'First reply')).externalId;
    const second = (await provider.sendText({ waId: number, bsuid: null }, 'Second reply')).externalId;
    const statuses = async () =>
      (await thread(number)).messages.filter((m) => m.direction === 'out').map((m) => m.status);

    const delivered = await receipts({ phone: number, external_ids: [first], status: 'delivered' });
    expect(delivered.body).toEqual({ updated: [first], webhook: { status: endpointAnswer } });
    expect(await statuses()).toEqual(['delivered', 'sent']);

    const read = await receipts({ phone: number, external_ids: [first, second, first], status: 'read' });
    expect(read.body.updated.sort()).toEqual([first, second].sort());
    expect(await statuses()).toEqual(['read', 'read']);

    // A late delivered changes nothing, and nothing is sent.
    const late = await receipts({ phone: number, external_ids: [second], status: 'delivered' });
    expect(late.body).toEqual({ updated: [], webhook: null });
    expect(await statuses()).toEqual(['read', 'read']);

    // Ids the business never sent this phone (its own message, another phone's, an unknown) change nothing.
    const other = '447700900107';
    await send({ phone: other, profile_name: 'Other', text: 'Hi' });
    const theirs = (await provider.sendText({ waId: other, bsuid: null }, 'Not yours')).externalId;
    const own = (await thread(number)).messages[0]!.external_id;
    for (const id of [theirs, own, 'wamid.local.nope']) {
      const refused = await receipts({ phone: number, external_ids: [id], status: 'read' });
      expect(refused.status).toBe(404);
      expect(refused.error.error).toBe(`No message ${id} was sent to this phone`);
    }
    expect((await thread(other)).messages.map((m) => m.status)).toEqual(['sent', 'sent']);
  });
});

describe('bad input', () => {
  it('gets a clear 400 and records nothing', async () => {
    const before = await server.database.db.select().from(whatsappLocalMessages);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ phone: 'call me', profile_name: 'A', text: 'x' }, { phone: [expect.stringContaining('7 to 15 digits')] }],
      [{ phone: '447700900199', profile_name: '  ', text: 'x' }, { profile_name: ['profile_name is required'] }],
      [{ phone: '447700900199', profile_name: 'A', text: '   ' }, { text: ['text must not be empty'] }],
      [{ phone: '447700900199', profile_name: 'A' }, { text: ['Send either text, audio or a reply'] }],
      [
        { phone: '447700900199', profile_name: 'A', text: 'x', audio: { data: 'AAAA', mime_type: 'audio/ogg' } },
        { text: ['Send either text, audio or a reply'] },
      ],
      [
        { phone: '447700900199', profile_name: 'A', audio: { data: 'AAAA', mime_type: 'video/mp4' } },
        { 'audio.mime_type': [expect.stringContaining('audio.mime_type must be one of')] },
      ],
      [
        { phone: '447700900199', profile_name: 'A', audio: { data: 'not base64!', mime_type: 'audio/ogg' } },
        { 'audio.data': ['audio.data must be base64'] },
      ],
      [
        { phone: '447700900199', profile_name: 'A', audio: { data: 'A'.repeat(1_400_000), mime_type: 'audio/ogg' } },
        { 'audio.data': ['a voice note must be at most 1024 KB'] },
      ],
      [{ phone: '447700900199', profile_name: 'A', text: 'x', extra: 1 }, { extra: [expect.any(String)] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await phone.post('/api/dev/whatsapp/messages', body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid input', fieldErrors });
    }
    const tooLarge = await phone.post('/api/dev/whatsapp/messages', {
      phone: '447700900199',
      profile_name: 'A',
      audio: { data: 'A'.repeat(1_500_000), mime_type: 'audio/ogg' },
    });
    expect(tooLarge.status).toBe(413);

    const badReceipts: unknown[] = [
      { phone: '447700900199', external_ids: [], status: 'read' },
      { phone: '447700900199', external_ids: ['wamid.x'], status: 'played' },
      { phone: 'x', external_ids: ['wamid.x'], status: 'read' },
    ];
    for (const body of badReceipts) {
      expect((await phone.post('/api/dev/whatsapp/receipts', body)).status).toBe(400);
    }
    expect((await phone.get('/api/dev/whatsapp/phones/not-a-number')).status).toBe(400);
    expect((await phone.get('/api/dev/whatsapp/media/not-a-uuid')).status).toBe(400);
    expect(await server.database.db.select().from(whatsappLocalMessages)).toEqual(before);
  });
});
