import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chatMessages, conversations, inboundEvents, outbox } from '../../db/schema';
import { postMessage } from '../../lib/chat/post-message';
import { DEFAULT_OUTBOX_SETTINGS } from '../../lib/outbox/worker';
import { captureLogs, LOG_LEVEL } from '../../test-support/captured-logs';
import {
  metaEscapedJson,
  metaSignature,
  newWamid,
  type FakePerson,
  type WebhookUpdate,
} from '../../test-support/fakes/fake-whatsapp/webhook-sender';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { whatsappInboundKit } from '../../test-support/whatsapp-inbound';

/**
 * The WhatsApp webhook end to end (decision 056): Meta's side is the test's
 * webhook sender (signed escaped-unicode bodies, batches, repeats), our side
 * the real server and database; the outbox worker processes what the route
 * recorded, and the tests wait for the ledger to say so.
 */

const logs = captureLogs('info');
const server: TestServer = await startTestServer(
  { ADMIN_EMAILS: 'wa-coach@example.com' },
  {
    logger: logs.logger,
    outbox: { retry: { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 50, maxDelayMs: 200, jitter: 0 } },
  },
);
const { sender, processed, deliverOne, person, wamidOf, messageOf, contactOf, messagesIn, eventIds } =
  whatsappInboundKit(server);
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  admin = server.client();
  adminId = (await admin.signUp('wa-coach@example.com', 'calm-river-42', 'Coach')).body.user.id;
});
afterAll(() => server?.close());

const db = () => server.database.db;

const conversationRow = async (id: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, id)))[0];

let members = 0;
async function member(name: string) {
  const client = server.client();
  const id: string = (await client.signUp(`wa-member${++members}@example.com`, 'calm-river-42', name)).body.user.id;
  return { client, id };
}
const whatsappOf = (client: TestClient) => answer(client.api.me.whatsapp.$get());
const linkByAdmin = (conversationId: string, memberId: string, as = admin) =>
  answer(
    as.api.admin.conversations[':conversationId']['whatsapp-link'].$post({
      param: { conversationId },
      json: { member_id: memberId },
    }),
  );

/** A coach's reply that went out on WhatsApp with this id: what statuses and reactions are about. */
async function sentReply(conversationId: string, wamid = newWamid()) {
  const result = await postMessage(
    { db: db(), realtime: server.realtime },
    {
      conversationId,
      author: { kind: 'coach', userId: adminId },
      text: 'How did the walk feel today?',
      channel: 'whatsapp',
      externalId: wamid,
      status: 'sent',
    },
  );
  if (result.outcome !== 'created') throw new Error('reply not written');
  return { wamid, id: result.message.id };
}

describe('the subscription handshake', () => {
  it('echoes the challenge as plain text for the verify token, and answers 403 to anything else', async () => {
    const token = server.whatsapp.verifyToken!;
    const url = (params: Record<string, string>) =>
      `${server.url}/api/webhooks/whatsapp?${new URLSearchParams(params).toString()}`;
    const ok = await fetch(url({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');

    const refused: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${token}x`, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': token, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
      {},
    ];
    for (const params of refused) {
      const res = await fetch(url(params));
      expect(res.status, JSON.stringify(params)).toBe(403);
      expect(await res.json()).toEqual({ error: 'Verification failed' });
    }
  });
});

describe('signatures', () => {
  it('refuses a missing, wrong or replayed-with-another-body signature with 401, writes nothing, and raises an alert', async () => {
    const from = person('Forger');
    const update = sender.text(from, 'Let me in');
    const body = metaEscapedJson(sender.envelope([[[update]]]));
    const signature = metaSignature(server.whatsapp.appSecret!, body);
    const altered = body.replace('Let me in', 'Let me in!');
    const before = logs.entries.length;

    const refused = [
      await sender.post(body, { signature: null }),
      await sender.post(body, { signature: metaSignature('another app secret!!', body) }),
      await sender.post(body, { signature: signature.replace('sha256=', 'sha1=') }),
      await sender.post(body, { signature: `sha256=${'0'.repeat(64)}` }),
      await sender.post(body, { signature: signature.slice(0, -2) }),
      // A captured request replayed with its body changed: the signature no longer holds.
      await sender.post(altered, { signature }),
    ].flat();
    for (const res of refused) expect(res).toEqual({ status: 401, body: { error: 'Invalid signature' } });

    const ledger = await db()
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.eventId, `message:${wamidOf(update)}`));
    expect(ledger).toEqual([]);
    expect(await contactOf(from)).toBeUndefined();
    const alerts = logs.entries.slice(before).filter((e) => e.alert === 'whatsapp_signature_refused');
    expect(alerts).toHaveLength(6);
    expect(alerts.every((e) => e.level === LOG_LEVEL.error)).toBe(true);

    // The same bytes with their own signature go through.
    expect((await sender.post(body))[0]!.status).toBe(200);
  });

  it('verifies accented, emoji and right-to-left text over the escaped bytes, and stores it exactly', async () => {
    const from = { ...person('Zoë Ångström 🌿'), name: 'Zoë Ångström 🌿' };
    const words = 'Ça va très bien, merci 😊🙏🏽 — مرحبا بك، שלום! äöå';
    const update = sender.text(from, words);
    const body = metaEscapedJson(sender.envelope([[[update]]]));
    // What Meta signs and sends: pure ASCII, the rest as lowercase \u escapes (emoji as surrogate pairs).
    expect(body).toMatch(/^[\x20-\x7e]*$/);
    expect(body).toContain('\\u00c7a va tr\\u00e8s');
    expect(body).toContain('\\ud83d\\ude0a');
    expect(body).toContain('\\u0645\\u0631\\u062d\\u0628\\u0627');
    expect((await sender.post(body))[0]).toEqual({ status: 200, body: { received: true } });
    await processed([`message:${wamidOf(update)}`]);

    const stored = await messageOf(wamidOf(update));
    expect(stored).toMatchObject({ message: words, authorKind: 'member', senderId: null, messageType: 'text' });
    expect((await contactOf(from))!.profileName).toBe('Zoë Ångström 🌿');
    expect((await conversationRow(stored!.conversationId))!.contactName).toBe('Zoë Ångström 🌿');
  });
});

describe('batches', () => {
  it('processes every entry, change, message and status of a batch; a malformed item does not stop the rest', async () => {
    const ana = person('Ana');
    const ben = person('Ben');
    const cleo = { bsuid: `GB.${Date.now()}cleo`, name: 'Cleo' };
    const { id: replyConversation } = await contactConversationOf(ana);
    const reply = await sentReply(replyConversation);
    const messages = [
      sender.text(ana, 'one'),
      sender.text(ana, 'two'),
      sender.text(ben, 'three'),
      sender.text(cleo, 'four'),
      sender.text(ben, 'five'),
    ];
    const malformed: WebhookUpdate[] = [
      { kind: 'raw-message', item: { from: ben.waId, timestamp: '1750000000', type: 'text', text: { body: 'no id' } } },
      { kind: 'raw-message', item: { from: ben.waId, id: newWamid(), timestamp: 'yesterday', type: 'text' } },
      { kind: 'raw-message', item: { from: ben.waId, id: newWamid(), timestamp: '1750000000', type: 'text' } },
      { kind: 'raw-status', item: { id: reply.wamid, status: 'exploded', timestamp: '1750000000' } },
    ];
    const entries: WebhookUpdate[][][] = [
      [
        [messages[0]!, malformed[0]!, messages[1]!],
        [messages[2]!, sender.status(reply.wamid, 'delivered'), malformed[3]!],
      ],
      [[malformed[1]!, messages[3]!, malformed[2]!], [messages[4]!]],
    ];
    // That the answer does not wait for the processing is the thousand-message test's (inbound-processing.test.ts).
    const res = await sender.send(entries);
    expect(res).toEqual({ status: 200, body: { received: true } });
    await processed(eventIds(entries));

    for (const [m, text] of messages.map((m, i) => [m, ['one', 'two', 'three', 'four', 'five'][i]] as const)) {
      expect((await messageOf(wamidOf(m)))?.message).toBe(text);
    }
    expect((await db().select().from(chatMessages).where(eq(chatMessages.id, reply.id)))[0]!.status).toBe('delivered');
    const benContact = (await contactOf(ben))!;
    expect((await messagesIn(benContact.conversationId!)).map((m) => m.message)).toEqual(['three', 'five']);
    const skipped = logs.entries.filter((e) => e.msg === 'whatsapp webhook item skipped');
    expect(skipped.length).toBeGreaterThanOrEqual(4);
    // The log says where and which field, never what the person wrote.
    expect(JSON.stringify(skipped)).not.toContain('no id');
  });

  it('takes a body of up to Meta’s 3 MB, and refuses a larger one with 413', async () => {
    const from = person('Long writer');
    // Forty-two long messages: over 3,000,000 bytes, just under 3 MiB.
    const updates = Array.from({ length: 42 }, (_, i) => sender.text(from, `${i} ${'x'.repeat(74_000)}`));
    const body = metaEscapedJson(sender.envelope([[updates]]));
    expect(body.length).toBeGreaterThan(3_000_000);
    expect(body.length).toBeLessThan(3 * 1024 * 1024);
    expect((await sender.post(body))[0]).toEqual({ status: 200, body: { received: true } });
    await processed(eventIds([[updates]]));

    const tooLarge = metaEscapedJson(
      sender.envelope([[Array.from({ length: 50 }, () => sender.text(from, 'y'.repeat(74_000)))]]),
    );
    expect(tooLarge.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect((await sender.post(tooLarge))[0]!.status).toBe(413);
  });

  it('stores a message delivered three times once', async () => {
    const from = person('Repeater');
    const update = sender.text(from, 'Only once, please');
    sender.service.fail('POST /webhook', { duplicate: true }, { times: 1 });
    const body = metaEscapedJson(sender.envelope([[[update]]]));
    const answers = [...(await sender.post(body)), ...(await sender.post(body))];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await processed([`message:${wamidOf(update)}`]);
    const stored = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.externalId, wamidOf(update)));
    expect(stored).toHaveLength(1);
    const queued = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'inbound'), sql`${outbox.payload} ->> 'event_id' = ${`message:${wamidOf(update)}`}`));
    expect(queued).toHaveLength(1);
  });
});

/** The conversation a person's contact writes in, made by their first message. */
async function contactConversationOf(p: FakePerson) {
  await deliverOne(sender.text(p, 'Hello'));
  return { id: (await contactOf(p))!.conversationId! };
}

describe('contacts and linking', () => {
  it('gives an unknown contact its own conversation, then links it by reference and moves its messages', async () => {
    const mo = await member('Mo Member');
    const reference = (await whatsappOf(mo.client)).body.reference;
    expect(reference).toMatch(/^CS-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect((await whatsappOf(mo.client)).body).toEqual({ reference, contact: null });

    const phone = person('Mo on WhatsApp');
    const first = sender.text(phone, 'Hi, is this the coaching line?');
    await deliverOne(first);
    const contact = (await contactOf(phone))!;
    expect(contact).toMatchObject({ memberId: null, phone: phone.waId, profileName: 'Mo on WhatsApp' });
    const own = contact.conversationId!;
    expect(await conversationRow(own)).toMatchObject({ memberId: null, contactName: 'Mo on WhatsApp', unreadCount: 1 });
    const list = await answer(admin.api.admin.conversations.$get({ query: { search: 'Mo on WhatsApp' } }));
    expect(list.body.items).toEqual([expect.objectContaining({ conversation_id: own, customer_id: null })]);

    // The reference, lower-cased, inside text the person edited.
    const second = sender.text(phone, `Sorry, typo before. My ref is ${reference.toLowerCase()}, thanks`);
    await deliverOne(second);
    const linked = (await contactOf(phone))!;
    expect(linked).toMatchObject({ memberId: mo.id, linkedBy: 'reference' });
    expect(linked.linkedAt).toBeInstanceOf(Date);
    expect(await conversationRow(own)).toBeUndefined();
    const thread = await messagesIn(linked.conversationId!);
    expect(thread.map((m) => [m.authorKind, m.senderId, m.message])).toEqual([
      ['member', mo.id, 'Hi, is this the coaching line?'],
      // The link is noted before the message that made it, so the member's words are the latest.
      ['system', null, `WhatsApp +${phone.waId} is now linked to this account.`],
      ['member', mo.id, `Sorry, typo before. My ref is ${reference.toLowerCase()}, thanks`],
    ]);
    // The moved messages count in the member's inbox entry.
    expect(await conversationRow(linked.conversationId!)).toMatchObject({ memberId: mo.id, unreadCount: 2 });

    // The member sees the link, with a new reference: the used one links nobody else.
    const after = (await whatsappOf(mo.client)).body;
    expect(after.contact).toEqual({
      contact_id: linked.id,
      phone: phone.waId,
      profile_name: 'Mo on WhatsApp',
      linked_at: linked.linkedAt!.toISOString(),
    });
    expect(after.reference).not.toBe(reference);
    const stranger = person('Stranger');
    await deliverOne(sender.text(stranger, `Forwarded: ${reference}`));
    expect((await contactOf(stranger))!.memberId).toBeNull();

    // A second number with the member's new reference: one contact per member, nothing changes.
    const secondPhone = person('Mo’s other phone');
    await deliverOne(sender.text(secondPhone, `Hello ${after.reference}`));
    expect((await contactOf(secondPhone))!.memberId).toBeNull();
    expect((await whatsappOf(mo.client)).body.contact!.contact_id).toBe(linked.id);

    // Later messages go straight to the member's conversation, written as theirs.
    const later = sender.text(phone, 'Walked 20 minutes today');
    await deliverOne(later);
    expect(await messageOf(wamidOf(later))).toMatchObject({
      conversationId: linked.conversationId,
      senderId: mo.id,
      channel: 'whatsapp',
    });
  });

  it('keeps a contact known only by its business-scoped id, with no number', async () => {
    const hidden: FakePerson = { bsuid: `US.13491208655302741918${Date.now()}`, name: 'Username Person' };
    const update = sender.text(hidden, 'No number shown');
    await deliverOne(update);
    const contact = (await contactOf(hidden))!;
    expect(contact).toMatchObject({ waId: null, phone: null, bsuid: hidden.bsuid, profileName: 'Username Person' });
    expect((await messageOf(wamidOf(update)))!.conversationId).toBe(contact.conversationId);
    // The same person later shows their number too: one contact, now with both ids and the number.
    const waId = person('x').waId!;
    await deliverOne(sender.text({ ...hidden, waId }, 'Now with my number'));
    expect(await contactOf(hidden)).toMatchObject({ id: contact.id, waId, phone: waId });
  });

  it('lets the member unlink: the next message starts a conversation of its own', async () => {
    const lou = await member('Lou Unlink');
    const phone = person('Lou phone');
    await deliverOne(sender.text(phone, `Hi ${(await whatsappOf(lou.client)).body.reference}`));
    const linked = (await contactOf(phone))!;
    expect(linked.memberId).toBe(lou.id);
    const before = (await whatsappOf(lou.client)).body.reference;

    const res = await answer(lou.client.api.me.whatsapp.$delete());
    expect(res.status).toBe(200);
    expect(res.body.contact).toBeNull();
    expect(res.body.reference).not.toBe(before);
    expect(await contactOf(phone)).toMatchObject({
      memberId: null,
      linkedAt: null,
      linkedBy: null,
      conversationId: null,
    });

    const next = sender.text(phone, 'Still there?');
    await deliverOne(next);
    const fresh = (await contactOf(phone))!;
    expect(fresh.conversationId).not.toBe(linked.conversationId);
    expect(await conversationRow(fresh.conversationId!)).toMatchObject({ memberId: null, contactName: 'Lou phone' });
    expect((await messageOf(wamidOf(next)))!.senderId).toBeNull();
    // What was written while linked stays in the member's conversation.
    expect((await messagesIn(linked.conversationId!)).length).toBeGreaterThan(0);
    // Signed out: no reference.
    expect((await answer(server.client().api.me.whatsapp.$get())).status).toBe(401);
  });

  it('lets an admin link a contact’s conversation to a member, and refuses what cannot be linked', async () => {
    const ida = await member('Ida Linked');
    const phone = person('Ida’s phone');
    await deliverOne(sender.text(phone, 'First message, no reference'));
    const own = (await contactOf(phone))!.conversationId!;

    // A member may not call it; bad bodies and missing things are refused.
    expect((await linkByAdmin(own, ida.id, ida.client)).status).toBe(403);
    expect((await admin.post(`/api/admin/conversations/${own}/whatsapp-link`, {})).status).toBe(400);
    expect((await linkByAdmin('00000000-0000-4000-8000-000000000000', ida.id)).status).toBe(404);
    const noMember = await linkByAdmin(own, 'no-such-member');
    expect([noMember.status, noMember.error.error]).toEqual([404, 'Member not found']);
    const memberConversation = (
      await answer(admin.api.admin.members[':memberId'].conversation.$get({ param: { memberId: ida.id } }))
    ).body.conversation_id;
    const noContact = await linkByAdmin(memberConversation, ida.id);
    expect(noContact.status).toBe(404);

    const linked = await linkByAdmin(own, ida.id);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      conversation_id: memberConversation,
      customer_id: ida.id,
      customer_name: 'Ida Linked',
      whatsapp: { contact: { phone: phone.waId, profile_name: 'Ida’s phone' } },
    });
    expect(await conversationRow(own)).toBeUndefined();
    expect((await messagesIn(memberConversation)).map((m) => m.message)).toEqual([
      'First message, no reference',
      `WhatsApp +${phone.waId} is now linked to this account.`,
    ]);
    const audit = await answer(admin.api.admin['audit-log'].$get({ query: { user_id: ida.id } }));
    expect(audit.body.items).toEqual([
      expect.objectContaining({ action: 'whatsapp.link', actor_id: adminId, target_user_id: ida.id }),
    ]);
    // The user card shows it.
    const users = await answer(admin.api.admin.users.$get({ query: { q: 'Ida Linked' } }));
    expect(users.body.users[0]!.whatsapp).toMatchObject({ phone: phone.waId, linked_at: expect.any(String) });
    // And the member's export holds it.
    const exported = await answer(ida.client.api.me.export.$get());
    expect(exported.body.whatsapp_contact).toMatchObject({ wa_id: phone.waId, linked_by: 'admin' });

    // Already linked; a member who already has a contact.
    const again = await linkByAdmin(memberConversation, ida.id);
    expect([again.status, again.error.code]).toEqual([409, 'whatsapp_contact_linked']);
    const other = person('Someone else');
    await deliverOne(sender.text(other, 'Hello?'));
    const taken = await linkByAdmin((await contactOf(other))!.conversationId!, ida.id);
    expect([taken.status, taken.error.code]).toEqual([409, 'whatsapp_member_has_contact']);
  });
});
