// npm run bench:whatsapp: the WhatsApp bridge under a burst (issue 25, decision 056).
// For PGlite, and for PostgreSQL when one answers (a database of its own,
// created and dropped), it starts the compiled server with the bridge pointed
// at the fake Graph API (apps/server/src/test-support/fakes/fake-whatsapp), and:
//
// - inbound: one signed POST of 1,000 messages from 1,000 people, Meta's
//   largest batch. Targets: acknowledged (200) in under 1 s; every message
//   visible in the admin inbox (its conversation listed) within 5 s of the send;
// - outbound: the coach replies to 200 of them, one POST each; every reply
//   accepted by the fake Graph API, with the fake's pair-rate refusals (131056)
//   counted: the outbox sends one message at a time per person.
//
//   npm run bench:whatsapp
//   npm run bench:whatsapp -- --databases=pglite --messages=500 --replies=50
//
// See docs/performance.md ("WhatsApp bridge") for the figures.
import { parseArgs } from 'node:util';
import {
  FAKE_PHONE_NUMBER_ID,
  FAKE_WHATSAPP_ENV,
  startFakeGraphApi,
} from '../apps/server/src/test-support/fakes/fake-whatsapp/graph-api.ts';
import { WhatsAppWebhookSender } from '../apps/server/src/test-support/fakes/fake-whatsapp/webhook-sender.ts';
import { ADMIN_EMAIL, adminCookie, freshDatabase, ms, postgresAnswers } from './bench/seeded-admin-bench.mjs';
import { buildServer } from './build-server.mjs';
import { startLocalServer } from './local-server.mjs';

const { values: flags } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000' },
    replies: { type: 'string', default: '200' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'database-url': { type: 'string' },
  },
});
const messageCount = Number(flags.messages);
const replyCount = Math.min(Number(flags.replies), messageCount);
const maintenanceUrl =
  flags['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const ACK_TARGET_MS = 1000;
const VISIBLE_TARGET_MS = 5000;
const NAME = 'Bench WhatsApp';

async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function bench(database) {
  const fake = await startFakeGraphApi();
  const db = await freshDatabase(`whatsapp_${database}`, database === 'postgres' ? maintenanceUrl : undefined);
  const server = await startLocalServer({
    build: false,
    dataDir: db.dataDir,
    env: {
      ...db.env,
      ...FAKE_WHATSAPP_ENV,
      WHATSAPP_GRAPH_API_URL: fake.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
  });
  try {
    const { baseUrl } = server;
    const cookie = await adminCookie(baseUrl);
    const admin = (method, urlPath, body) =>
      fetch(`${baseUrl}${urlPath}`, {
        method,
        headers: { cookie, origin: baseUrl, ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      });
    const listed = async () => {
      const res = await admin('GET', `/api/admin/conversations?search=${encodeURIComponent(NAME)}`);
      return (await res.json()).total;
    };

    // Inbound: one signed batch, every message from another person.
    const sender = new WhatsAppWebhookSender({
      url: `${baseUrl}/api/webhooks/whatsapp`,
      appSecret: FAKE_WHATSAPP_ENV.WHATSAPP_APP_SECRET,
      phoneNumberId: FAKE_PHONE_NUMBER_ID,
    });
    const people = Array.from({ length: messageCount }, (_, i) => ({
      waId: `4477${String(10_000_000 + i).slice(-8)}`,
      name: `${NAME} ${i}`,
    }));
    const updates = people.map((person, i) => sender.text(person, `Hello, this is message ${i}. Où commencer? 🌿`));
    const sentAt = performance.now();
    const answer = await sender.send([[updates]]);
    const ackMs = performance.now() - sentAt;
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
    await waitUntil(async () => (await listed()) >= messageCount, 60_000, 'every conversation listed');
    const visibleMs = performance.now() - sentAt;

    // Outbound: the coach answers the first `replyCount` people, each in their own conversation.
    const conversations = [];
    for (let page = 1; conversations.length < replyCount; page += 1) {
      const res = await admin('GET', `/api/admin/conversations?search=${encodeURIComponent(NAME)}&page=${page}`);
      const { items } = await res.json();
      if (!items.length) break;
      conversations.push(...items.map((item) => item.conversation_id));
    }
    for (const person of people) fake.receivedFrom(person.waId);
    const repliedAt = performance.now();
    for (const conversationId of conversations.slice(0, replyCount)) {
      const res = await admin('POST', `/api/admin/conversations/${conversationId}/messages`, {
        message: 'Thank you for writing. Let us start with one slow breath.',
      });
      if (res.status !== 201) throw new Error(`a reply answered ${res.status}`);
    }
    const queuedMs = performance.now() - repliedAt;
    await waitUntil(() => fake.accepted.length >= replyCount, 120_000, 'every reply accepted by the Graph API');
    const deliveredMs = performance.now() - repliedAt;
    // Sends the fake refused (the pair rate's 131056, or anything else): every send request not accepted.
    const refusedSends =
      fake.messageRequests().filter((request) => request.body?.status !== 'read').length - fake.accepted.length;
    const recipients = new Set(fake.accepted.map((message) => message.recipient));

    const verdict = (value, target) => (value < target ? 'met' : 'NOT MET');
    console.log(`\n${database}: ${messageCount} messages in one signed POST, ${replyCount} replies`);
    console.log(
      `  acknowledged          ${ms(ackMs)}   (target < ${ACK_TARGET_MS} ms: ${verdict(ackMs, ACK_TARGET_MS)})`,
    );
    console.log(
      `  all in the inbox      ${ms(visibleMs)}   (target < ${VISIBLE_TARGET_MS} ms: ${verdict(visibleMs, VISIBLE_TARGET_MS)})`,
    );
    console.log(`  replies written       ${ms(queuedMs)}   (${replyCount} POSTs, one after another)`);
    console.log(
      `  replies at Graph API  ${ms(deliveredMs)}   (${recipients.size} people, ${fake.accepted.length} sends)`,
    );
    console.log(`  sends refused by the Graph API (pair rate or other): ${refusedSends}`);
  } finally {
    await server.stop();
    await db.drop();
    await fake.close();
  }
}

await buildServer();
for (const database of flags.databases.split(',')) {
  if (database === 'postgres' && !(await postgresAnswers(maintenanceUrl))) {
    console.log(`\npostgres: skipped (no PostgreSQL answers at ${new URL(maintenanceUrl).host})`);
    continue;
  }
  await bench(database);
}
