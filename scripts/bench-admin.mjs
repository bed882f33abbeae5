// npm run bench:admin: how fast the admin Users list and Overview answer with
// 10,000 members (issue "Admin back office"). Seeds a fresh PGlite data
// directory (or, with --database-url, a fresh PostgreSQL database that is
// dropped afterwards) with 10,000 members, 30,000 reflections and 20,000
// messages, starts the compiled server on it, signs in an ADMIN_EMAILS admin
// and times each call one after another (no concurrency: this measures the
// queries, not throughput).
//
//   npm run bench:admin
//   npm run bench:admin -- --members=20000 --requests=50
//   npm run bench:admin -- --database-url=postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { startLocalServer } from './local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// node-postgres as the server resolves it (a dependency of apps/server, not of the root).
const { default: pg } = await import(createRequire(path.join(root, 'apps/server/package.json')).resolve('pg'));

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});
const members = Number(flags.members);
const requests = Number(flags.requests);
if (!Number.isInteger(members) || members < 1 || !Number.isInteger(requests) || requests < 1) {
  throw new Error('--members and --requests take whole numbers above 0');
}
const ADMIN_EMAIL = 'admin@bench.test';
const PASSWORD = 'quiet-harbour-42';

/** One statement on the given PostgreSQL database (never migrated: it only hosts the bench's own). */
async function onMaintenanceDatabase(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database: a temporary PGlite directory, or a new PostgreSQL database beside the given one. */
async function freshDatabase() {
  if (!flags['database-url']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-bench-admin-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = new URL(flags['database-url']);
  const name = `bench_admin_${randomBytes(4).toString('hex')}`;
  await onMaintenanceDatabase(adminUrl.href, `create database ${name}`);
  const url = new URL(adminUrl.href);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    open: () => openDatabase({ databaseUrl: url.href, dataDir: '' }),
    drop: () => onMaintenanceDatabase(adminUrl.href, `drop database if exists ${name} with (force)`),
  };
}

/** Members (their profiles and roles come from the provisioning trigger), reflections and messages. */
async function seed(open) {
  const handle = await open();
  const { db } = handle;
  await seedDatabase(db);
  // The driver's own client (PGlite or the pg pool): both take text and parameters.
  const query = (text, params) => db.$client.query(text, params);
  const started = Date.now();
  await query(
    `insert into users (id, name, email, email_verified, created_at, updated_at)
     select 'bench-' || g, 'Bench Member ' || g, 'member' || g || '@bench.test', true,
            now() - g * interval '3 minutes', now() - g * interval '3 minutes'
     from generate_series(1, $1::int) g`,
    [members],
  );
  await query(
    `update profiles p set full_name = u.name, created_at = u.created_at, updated_at = u.created_at,
       focus_area_id = (select id from focus_areas order by sort_order limit 1)
     from users u where u.id = p.id and u.id like 'bench-%'`,
    [],
  );
  await query(
    `insert into user_reflections (user_id, reflection_text, created_at)
     select 'bench-' || (1 + g % $1::int), 'Reflection number ' || g || ' about a calmer working day and what helped.',
            now() - g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [members, members * 3],
  );
  await query(
    `insert into chat_messages (sender_id, message, created_at, read_at)
     select 'bench-' || (1 + g % $1::int), 'Message ' || g || ' to the coach',
            now() - g * interval '2 minutes', case when g % 5 = 0 then null else now() end
     from generate_series(1, $2::int) g`,
    [members, members * 2],
  );
  await handle.close();
  console.log(
    `seeded ${members} members, ${members * 3} reflections, ${members * 2} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Signs the admin up, confirms the address from the local mailbox (which signs in), and returns the cookie. */
async function adminCookie(baseUrl) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench Admin', email: ADMIN_EMAIL, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`admin sign-up answered ${signUp.status}`);
  const deadline = Date.now() + 10_000;
  let link;
  while (!link) {
    if (Date.now() > deadline) throw new Error('no confirmation mail for the admin');
    const mails = await (await fetch(`${baseUrl}/api/dev/mailbox`)).json();
    link = mails.find((m) => m.to === ADMIN_EMAIL)?.links.find((l) => l.includes('type=signup'));
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token');
  const verified = await fetch(`${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    redirect: 'manual',
  });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('confirming the admin gave no session');
  return cookie;
}

async function time(baseUrl, cookie, label, urlPath) {
  const ms = [];
  let body;
  for (let i = 0; i < requests + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${urlPath}`, { headers: { cookie } });
    body = await res.json();
    if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${JSON.stringify(body)}`);
    // The first two warm the prepared statements and caches.
    if (i >= 2) ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
  console.log(`${label.padEnd(34)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
  return body;
}

const database = await freshDatabase();
let server;
try {
  await seed(database.open);
  server = await startLocalServer({
    env: { ...database.env, ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT_MAX: '100000' },
  });
  const cookie = await adminCookie(server.baseUrl);
  console.log(`\n${flags['database-url'] ? 'PostgreSQL' : 'PGlite'}, ${requests} requests each, one at a time:`);
  const list = await time(server.baseUrl, cookie, 'users list, first page', '/api/admin/users');
  if (list.counts.total_users < members)
    throw new Error(`expected ${members} members, the list counts ${list.counts.total_users}`);
  await time(server.baseUrl, cookie, 'users list, page 400', '/api/admin/users?page=400');
  await time(
    server.baseUrl,
    cookie,
    'users list, search "member 77"',
    `/api/admin/users?q=${encodeURIComponent('member 77')}`,
  );
  const overview = await time(server.baseUrl, cookie, 'overview', '/api/admin/overview');
  console.log(
    `\noverview: ${overview.total_users} users, ${overview.reflections} reflections, ${overview.unread_messages} unread messages`,
  );
} finally {
  await server?.stop();
  await database.drop();
}
