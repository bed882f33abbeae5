// npm run bench:api: how fast the real server answers, beside the ceilings of
// the stack (a bare Hono + pg `select 1`) and of the database (`pgbench -S`),
// measured in one run, in interleaved rounds, so that their ratios mean
// something on a machine whose load changes while it runs.
//
//   npm run bench:api                          # PostgreSQL and PGlite, 15 s per endpoint
//   npm run bench:api -- --duration=3          # a quick look
//   npm run bench:api -- --rounds=5            # interleave in more, shorter slices (default 3)
//   npm run bench:api -- --databases=pglite --endpoints=health,profile
//   npm run bench:api -- --cpu-prof=/tmp/prof  # also write CPU profiles of the servers
//   BENCH_LOG_LEVEL=warn npm run bench:api     # without request logs: what they cost
//
// See docs/performance.md ("API") for what the figures mean.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { summarizeCpuProfiles } from './bench/cpu-profile-summary.mjs';
import { backendCpuSeconds, backendCpuUsed, cpuSeconds, startProcess } from './bench/processes.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// node-postgres as the server resolves it (a dependency of apps/server, not of the root).
const { default: pg } = await import(createRequire(path.join(root, 'apps/server/package.json')).resolve('pg'));

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string', default: 'postgres,pglite' },
    endpoints: { type: 'string', default: 'health,profile,analytics,catalog,landing' },
    'database-url': { type: 'string' },
    'cpu-prof': { type: 'string' },
    // Another checkout's server to measure (e.g. an older commit), with this one's tools.
    'server-root': { type: 'string' },
  },
});
const duration = Number(flags.duration);
const rounds = Math.max(1, Math.min(Number(flags.rounds), duration));
const slice = duration / rounds;
const connections = Number(flags.connections);
const warmup = Math.min(3, Math.max(1, Math.round(duration / 5)));
const adminUrl =
  flags['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const cpuProfDir = flags['cpu-prof'] && path.resolve(flags['cpu-prof']);
const serverRoot = path.resolve(flags['server-root'] ?? root);

/** What is measured: path, and whether it needs the member's session cookie. */
const ENDPOINTS = {
  health: { path: '/api/health', signedIn: false },
  profile: { path: '/api/me/profile', signedIn: true },
  analytics: { path: '/api/me/analytics', signedIn: true },
  catalog: { path: '/api/catalog/focus-areas', signedIn: false },
  landing: { path: '/', signedIn: false },
};
const wanted = flags.endpoints.split(',').map((e) => e.trim());
for (const name of wanted) if (!ENDPOINTS[name]) throw new Error(`unknown endpoint "${name}"`);

/** The server as it runs for real, with the auth rate limits out of the way of one busy client. */
const SERVER_ENV = {
  APP_ENV: 'local', // production mode needs a real SMTP server for the sign-up mail
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', // request logs on, as in production
  AUTH_RATE_LIMIT_MAX: '1000000',
  SIGN_IN_RATE_LIMIT_MAX: '1000000',
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
};

/** The production build, as `npm start` runs it (decision 017), compiled first in the measured checkout. */
function buildMeasuredServer() {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: serverRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not build');
}

function startAppServer(label, env) {
  return startProcess({
    label,
    args: ['--enable-source-maps', 'apps/server/dist/index.js'],
    env: { ...SERVER_ENV, ...env },
    readyPath: '/api/health',
    cwd: serverRoot,
    cpuProfDir,
  });
}

/**
 * Signs a new member up as a person does (sign-up, then the confirmation link
 * from the local mailbox, which signs them in) and returns their session
 * cookie, after checking the profile answers.
 */
async function signUpMember(baseUrl) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', email, password: 'calm-bench-river-42', ageConfirmed: true }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  // The link signs in only the browser that signed up, which the sign-up answer marks (decision 046).
  const mark = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = await confirmationToken(baseUrl, email);
  const confirmed = await fetch(`${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { origin: baseUrl, cookie: mark },
  });
  if (!confirmed.ok) throw new Error(`the confirmation link answered ${confirmed.status}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const profile = await fetch(`${baseUrl}/api/me/profile`, { headers: { cookie } });
  const body = await profile.json();
  if (body.email !== email) throw new Error(`the profile read answered ${profile.status}`);
  return cookie;
}

/** The token of the sign-up confirmation link mailed to `email` (the local mailbox, polled until it arrives). */
async function confirmationToken(baseUrl, email) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await fetch(`${baseUrl}/api/dev/mailbox`).then((r) => r.json());
    const link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('/auth/callback#'));
    if (link) return new URLSearchParams(new URL(link).hash.slice(1)).get('access_token');
    if (Date.now() > deadline) throw new Error(`no confirmation mail reached ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The clock V8 stamps CPU profile samples with (monotonic, microseconds). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * One thing to load, measured over several slices: requests, latencies,
 * errors, and the CPU the server process (and the PostgreSQL backends) spent
 * on it, which a busy machine changes far less than it changes requests/s.
 */
function target({ name, label, url, headers = {}, pid, database }) {
  return {
    name,
    label,
    url,
    headers,
    pid,
    database,
    latencies: [],
    requests: 0,
    ms: 0,
    errors: 0,
    cpu: 0,
    dbCpu: 0,
    windows: [],
  };
}

async function load(t, seconds, { measure = true } = {}) {
  const cpuBefore = cpuSeconds(t.pid);
  const dbBefore = await backendCpuSeconds(t.database);
  const fromUs = monotonicUs();
  const run = autocannon({ url: t.url, connections, duration: seconds, headers: t.headers });
  const latencies = [];
  run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const r = await run;
  const toUs = monotonicUs();
  if (!measure) return;
  const cpuAfter = cpuSeconds(t.pid);
  const dbUsed = backendCpuUsed(dbBefore, await backendCpuSeconds(t.database));
  // Not push(...latencies): a fast slice answers more requests than a call may take arguments.
  for (const latency of latencies) t.latencies.push(latency);
  t.requests += r.requests.total;
  t.ms += toUs / 1000 - fromUs / 1000;
  t.errors += r.errors + r.non2xx;
  t.cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : t.cpu + (cpuAfter - cpuBefore);
  t.dbCpu = t.dbCpu === undefined || dbUsed === undefined ? undefined : t.dbCpu + dbUsed;
  t.windows.push({ fromUs, toUs, requests: r.requests.total });
}

/** Warms every target up, then loads them in turn, `rounds` times, `slice` seconds each. */
async function measure(targets, extraPerRound = async () => {}) {
  for (const t of targets) {
    console.log(`  warming up ${t.label}`);
    await load(t, warmup, { measure: false });
  }
  for (let round = 1; round <= rounds; round++) {
    console.log(`  round ${round} of ${rounds}`);
    for (const t of targets) await load(t, slice);
    await extraPerRound();
  }
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : undefined;
}

function summary(t) {
  const sorted = t.latencies.sort((a, b) => a - b);
  return {
    label: t.label,
    rps: (1000 * t.requests) / t.ms,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: t.errors,
    cpuUs: t.cpu === undefined ? undefined : (t.cpu * 1e6) / t.requests,
    dbCpuUs: t.dbCpu === undefined || !t.database ? undefined : (t.dbCpu * 1e6) / t.requests,
  };
}

/** With --cpu-prof: when each endpoint was measured, so the summary can split the profile by endpoint. */
function recordWindows(label, targets) {
  if (!cpuProfDir) return;
  const windows = targets.flatMap((t) => t.windows.map((w) => ({ label: t.label, ...w })));
  fs.mkdirSync(path.join(cpuProfDir, label), { recursive: true });
  fs.writeFileSync(path.join(cpuProfDir, label, 'windows.json'), JSON.stringify(windows, null, 2));
}

async function appTargets(server, database) {
  const cookie = await signUpMember(server.baseUrl);
  return wanted.map((name) => {
    const { path: p, signedIn } = ENDPOINTS[name];
    return target({
      name,
      label: p,
      url: server.baseUrl + p,
      headers: signedIn ? { cookie } : {},
      pid: server.pid,
      database,
    });
  });
}

async function withDatabase(prefix, fn) {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString(), { name, admin });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    console.log(`PostgreSQL at ${adminUrl} is not reachable (${error.message}): skipping it.`);
    return false;
  }
}

/** `pgbench -S` (select-only reads by primary key, 10 clients: the server's pool size), run a slice at a time. */
function pgbenchSelectOnly(url) {
  const pgbench = spawnSync('which', ['pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (!pgbench) return { note: 'pgbench not found (Debian: apt-get install postgresql-client)' };
  const init = spawnSync(pgbench, ['-i', '-q', '-s', '1', url], { encoding: 'utf8' });
  if (init.status !== 0) return { note: `pgbench -i failed: ${init.stderr.trim()}` };
  const result = { transactions: 0, seconds: 0 };
  result.run = () => {
    const run = spawnSync(pgbench, ['-S', '-n', '-c', '10', '-j', '2', '-T', String(Math.round(slice)), url], {
      encoding: 'utf8',
    });
    const done = /number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1];
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
    if (!done || !tps) throw new Error(`pgbench failed: ${run.stderr.trim()}`);
    result.transactions += Number(done);
    result.seconds += Number(done) / Number(tps);
  };
  return result;
}

async function benchPostgres() {
  return withDatabase('calm_bench', (url, database) =>
    withDatabase('calm_pgbench', async (pgbenchUrl) => {
      console.log('PostgreSQL: reference server (Hono + pg, one select 1), Calm Space and pgbench -S');
      const reference = await startProcess({
        label: 'reference',
        args: ['scripts/bench/reference-server.mjs'],
        env: { DATABASE_URL: url },
        readyPath: '/',
        cwd: root,
        cpuProfDir,
      });
      const server = await startAppServer('postgres', { DATABASE_URL: url }).catch(async (error) => {
        await reference.stop();
        throw error;
      });
      try {
        const referenceTarget = target({
          name: 'reference',
          label: 'reference: select 1',
          url: reference.baseUrl + '/',
          pid: reference.pid,
          database,
        });
        const targets = [referenceTarget, ...(await appTargets(server, database))];
        const pgbench = pgbenchSelectOnly(pgbenchUrl);
        await measure(targets, async () => pgbench.run?.());
        recordWindows('reference', [referenceTarget]);
        recordWindows('postgres', targets.slice(1));
        return { rows: targets.map((t) => ({ name: t.name, ...summary(t) })), pgbench };
      } finally {
        await Promise.all([reference.stop(), server.stop()]);
      }
    }),
  );
}

async function benchPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-bench-pglite-'));
  try {
    console.log('PGlite: Calm Space');
    const server = await startAppServer('pglite', { DATABASE_URL: '', DATA_DIR: dataDir });
    try {
      const targets = await appTargets(server);
      await measure(targets);
      recordWindows('pglite', targets);
      return targets.map((t) => ({ name: t.name, ...summary(t) }));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 0) => (n === undefined ? '' : n.toFixed(digits));
const pct = (a, b) => (a && b ? `${Math.round((100 * a) / b)}%` : '');

function printTable(title, rows, base, baseLabel) {
  console.log(`\n${title}`);
  const head = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    `vs ${baseLabel}`,
    'server CPU µs/req',
    'db CPU µs/req',
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.rps),
    fmt(r.p50),
    fmt(r.p99),
    String(r.errors),
    pct(r.rps, base),
    fmt(r.cpuUs),
    fmt(r.dbCpuUs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  for (const l of [head, ...lines]) {
    console.log(l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  }
}

function verdict(label, ok, detail) {
  console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label} (${detail})`);
}

await buildWebIfStale();
buildMeasuredServer();
const databases = flags.databases.split(',').map((d) => d.trim());
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `${connections} connections; per endpoint ${warmup} s warm-up, then ${duration} s measured in ${rounds} ` +
    `interleaved rounds. Load average ${loadAverage()} on ${os.availableParallelism()} cores.`,
);

if (databases.includes('postgres') && (await postgresReachable())) {
  const { rows, pgbench } = await benchPostgres();
  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  const reference = byName.reference;
  printTable('PostgreSQL', rows, reference.rps, 'reference');
  const pgbenchTps = pgbench.seconds ? pgbench.transactions / pgbench.seconds : undefined;
  console.log(
    pgbenchTps
      ? `pgbench -S (10 clients, the same rounds): ${fmt(pgbenchTps)} reads/s; the reference endpoint is ${pct(reference.rps, pgbenchTps)} of it`
      : `pgbench -S: ${pgbench.note}`,
  );
  if (byName.profile) {
    verdict(
      'profile read ≥ 50% of reference',
      byName.profile.rps >= 0.5 * reference.rps,
      pct(byName.profile.rps, reference.rps),
    );
  }
  if (byName.analytics) {
    verdict(
      'analytics read ≥ 50% of reference',
      byName.analytics.rps >= 0.5 * reference.rps,
      pct(byName.analytics.rps, reference.rps),
    );
  }
  if (byName.health) {
    verdict(
      'health ≥ 80% of reference',
      byName.health.rps >= 0.8 * reference.rps,
      pct(byName.health.rps, reference.rps),
    );
  }
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  verdict('no errors', errors === 0, `${errors} errors`);
}

if (databases.includes('pglite')) {
  const rows = await benchPglite();
  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  printTable('PGlite', rows, byName.health?.rps, 'health');
  if (byName.profile && byName.health) {
    verdict(
      'profile read ≥ 50% of health',
      byName.profile.rps >= 0.5 * byName.health.rps,
      pct(byName.profile.rps, byName.health.rps),
    );
  }
  if (byName.analytics && byName.health) {
    verdict(
      'analytics read ≥ 50% of health',
      byName.analytics.rps >= 0.5 * byName.health.rps,
      pct(byName.analytics.rps, byName.health.rps),
    );
  }
  if (byName.profile) verdict('profile read p99 < 100 ms', byName.profile.p99 < 100, `${fmt(byName.profile.p99)} ms`);
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  verdict('no errors', errors === 0, `${errors} errors`);
}
console.log(`\nLoad average at the end: ${loadAverage()}.`);

if (cpuProfDir) {
  console.log(`\nCPU profiles in ${cpuProfDir}:`);
  for (const label of fs.readdirSync(cpuProfDir)) {
    console.log(`\n${label}`);
    summarizeCpuProfiles(path.join(cpuProfDir, label));
  }
}
