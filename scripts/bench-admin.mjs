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
import { parseArgs } from 'node:util';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { ADMIN_EMAIL, adminCookie, freshDatabase, timeRequests } from './bench/seeded-admin-bench.mjs';
import { startLocalServer } from './local-server.mjs';

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

const time = (baseUrl, cookie, label, urlPath) => timeRequests({ baseUrl, cookie, label, urlPath, requests });

const database = await freshDatabase('admin', flags['database-url']);
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
