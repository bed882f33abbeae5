// npm run bench:coach: the AI coach under load (issue 26, decision 057).
// For PGlite, and for PostgreSQL when one answers (a database of its own,
// created and dropped), it starts the compiled server with the coach in
// automatic mode, talking to the local fake language model
// (apps/server/src/test-support/fakes/fake-model) answering after a fixed
// latency; signs up --members members through the real flow, connects each
// to its conversation's realtime channel, and has them all write at once.
//
// Per message it measures:
// - the first sign of life: from the send to the `coach_typing` frame the
//   member's browser shows as "AI coach is typing…" (target under 2 s, p95);
// - our own time: from the send to the AI's answer arriving on the member's
//   socket, less the time the model itself spent on that message (the union
//   of its calls' [received, received + latency] intervals, read from the
//   fake's record), so only what our server adds is left (target p95 under 100 ms).
//
//   npm run bench:coach
//   npm run bench:coach -- --databases=pglite --members=20 --latency=500
//
// See docs/performance.md ("AI coach") for the figures.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeModel } from '../apps/server/src/test-support/fakes/fake-model/fake-model-server.ts';
import { freshDatabase, memberCookie, ms, postgresAnswers, quantile } from './bench/seeded-admin-bench.mjs';
import { buildServer } from './build-server.mjs';
import { startLocalServer } from './local-server.mjs';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    latency: { type: 'string', default: '300' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'database-url': { type: 'string' },
  },
});
const memberCount = Number(flags.members);
const latencyMs = Number(flags.latency);
const maintenanceUrl =
  flags['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const SIGN_OF_LIFE_TARGET_MS = 2000;
const OWN_TIME_TARGET_MS = 100;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const { default: WebSocket } = await import(serverRequire.resolve('ws'));

/** One member: signed in, their conversation's id, a socket joined to it recording the coach's frames. */
async function connectMember(baseUrl, i) {
  const cookie = await memberCookie(baseUrl, `member${i}@bench.test`, `Bench Member ${i}`);
  const page = await (await fetch(`${baseUrl}/api/me/messages`, { headers: { cookie } })).json();
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { cookie, origin: baseUrl },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const seen = { typingAt: null, answerAt: null };
  const joined = new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'joined') resolve();
      else if (frame.type === 'error') reject(new Error(frame.reason));
      else if (frame.type === 'coach_typing') seen.typingAt ??= Date.now();
      else if (frame.type === 'message' && frame.message.author === 'automation') seen.answerAt ??= Date.now();
    });
  });
  socket.send(JSON.stringify({ type: 'join', channel: `conversation:${page.conversation_id}`, ref: 'c' }));
  await joined;
  return { cookie, socket, seen, text: `Bench member ${i}: my review is on Friday and I keep worrying about it.` };
}

/** The model's time on one message: the union of its calls' intervals, from the fake's record. */
function modelTimeFor(fake, text) {
  const spans = fake.service.calls
    .filter((c) => c.route === fake.chatRoute && JSON.stringify(c.request.json ?? {}).includes(text))
    .map((c) => [c.at, c.at + latencyMs])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return { total, calls: spans.length };
}

async function bench(database) {
  const fake = await startFakeModel();
  fake.latencyMs = latencyMs;
  const db = await freshDatabase(`coach_${database}`, database === 'postgres' ? maintenanceUrl : undefined);
  const server = await startLocalServer({
    build: false,
    dataDir: db.dataDir,
    env: {
      ...db.env,
      COACH_MODE: 'automatic',
      COACH_LLM_BASE_URL: fake.baseUrl,
      COACH_LLM_MODEL: 'bench-coach',
      AUTH_RATE_LIMIT_MAX: '100000',
      SIGN_IN_RATE_LIMIT_MAX: '100000',
      MAIL_PER_RECIPIENT_MAX: '1000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
  });
  const members = [];
  try {
    for (let i = 0; i < memberCount; i++) members.push(await connectMember(server.baseUrl, i));
    console.log(
      `\n${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${memberCount} members write at once, model latency ${latencyMs} ms, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const sentAt = new Map();
    await Promise.all(
      members.map(async (member) => {
        sentAt.set(member, Date.now());
        const res = await fetch(`${server.baseUrl}/api/me/messages`, {
          method: 'POST',
          headers: { cookie: member.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
          // With a client id, as the web chat sends every message (a resend returns the first copy).
          body: JSON.stringify({ message: member.text, client_id: randomUUID() }),
        });
        if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
        member.postedAt = Date.now();
      }),
    );
    const deadline = Date.now() + 60_000;
    while (members.some((m) => m.seen.answerAt === null)) {
      if (Date.now() > deadline) {
        throw new Error(`${members.filter((m) => m.seen.answerAt === null).length} members never got an answer`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const signsOfLife = [];
    const ownTimes = [];
    const totals = [];
    const sends = [];
    let modelCalls = 0;
    for (const member of members) {
      const sent = sentAt.get(member);
      const model = modelTimeFor(fake, member.text);
      modelCalls += model.calls;
      signsOfLife.push((member.seen.typingAt ?? member.seen.answerAt) - sent);
      totals.push(member.seen.answerAt - sent);
      sends.push(member.postedAt - sent);
      ownTimes.push(member.seen.answerAt - sent - model.total);
    }
    for (const list of [signsOfLife, ownTimes, totals, sends]) list.sort((a, b) => a - b);
    const line = (label, list) =>
      console.log(`${label.padEnd(34)} p50 ${ms(quantile(list, 0.5))}   p95 ${ms(quantile(list, 0.95))}`);
    // Part of our own time: the send itself, 50 at once (a first message: the trial and the rate window start).
    line('the send answered (201)', sends);
    line('first sign of life (typing)', signsOfLife);
    line('answer on the socket, in all', totals);
    line('our own time (model time taken off)', ownTimes);
    console.log(`model calls: ${modelCalls} (${(modelCalls / memberCount).toFixed(1)} a message)`);
    const verdicts = [
      [`sign of life p95 under ${SIGN_OF_LIFE_TARGET_MS} ms`, quantile(signsOfLife, 0.95) < SIGN_OF_LIFE_TARGET_MS],
      [`our own time p95 under ${OWN_TIME_TARGET_MS} ms`, quantile(ownTimes, 0.95) < OWN_TIME_TARGET_MS],
    ];
    for (const [what, met] of verdicts) console.log(`${met ? 'met    ' : 'MISSED '} ${what}`);
    return verdicts.every(([, met]) => met);
  } finally {
    for (const member of members) member.socket.terminate();
    await server.stop();
    await fake.close();
    await db.drop();
  }
}

await buildServer();
let allMet = true;
for (const database of flags.databases.split(',')) {
  if (database === 'postgres' && !(await postgresAnswers(maintenanceUrl))) {
    console.log(`\nPostgreSQL: no server answers at ${maintenanceUrl}; skipped`);
    continue;
  }
  allMet = (await bench(database)) && allMet;
}
process.exit(allMet ? 0 : 1);
