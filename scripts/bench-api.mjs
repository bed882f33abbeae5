// npm run bench:api: how fast the real server answers, beside the ceilings of
// the stack (a bare Hono + pg `select 1`) and of the database (`pgbench -S`),
// measured in one run so their ratios mean something on a busy machine.
//
//   npm run bench:api                          # PostgreSQL and PGlite, 15 s per endpoint
//   npm run bench:api -- --duration=3          # a quick look
//   npm run bench:api -- --databases=pglite --endpoints=health,profile
//   npm run bench:api -- --cpu-prof=/tmp/prof  # also write CPU profiles of the servers
//
// See docs/performance.md ("API") for what the figures mean.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { summarizeCpuProfiles } from './bench/cpu-profile-summary.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// node-postgres as the server resolves it (a dependency of apps/server, not of the root).
const { default: pg } = await import(createRequire(path.join(root, 'apps/server/package.json')).resolve('pg'));

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
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
const connections = Number(flags.connections);
const warmup = Math.min(3, Math.max(1, Math.round(duration / 5)));
const adminUrl =
  flags['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const cpuProfDir = flags['cpu-prof'] && path.resolve(flags['cpu-prof']);
const serverRoot = path.resolve(flags['server-root'] ?? root);

/** What is measured: name, path, and whether it needs the member's session cookie. */
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
  LOG_LEVEL: 'info', // request logs on, as in production
  AUTH_RATE_LIMIT_MAX: '1000000',
  SIGN_IN_RATE_LIMIT_MAX: '1000000',
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a node process, its output in a log file, and waits until `readyPath` answers 200. */
async function startProcess(label, args, env, readyPath, cwd = root) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `calm-bench-${label}-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const nodeFlags = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cpuProfDir, label)}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...args], {
    cwd,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`${label} did not answer within 90 s; see ${logFile}`);
    try {
      if ((await fetch(baseUrl + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { baseUrl, stop, logFile, pid: child.pid };
}

function startAppServer(label, env) {
  const webDist = path.join(root, 'apps/web/dist');
  return startProcess(
    label,
    ['--import', 'tsx', 'apps/server/src/index.ts'],
    { ...SERVER_ENV, WEB_DIST_DIR: webDist, ...env },
    '/api/health',
    serverRoot,
  );
}

/** Signs a new member up and returns their session cookie, after checking the profile answers. */
async function signUpMember(baseUrl) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', email, password: 'calm-bench-river-42' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const profile = await fetch(`${baseUrl}/api/me/profile`, { headers: { cookie } });
  const body = await profile.json();
  if (body.profile?.email !== email) throw new Error(`the profile read answered ${profile.status}`);
  return cookie;
}

/** CPU seconds a process has used so far (Linux), or undefined elsewhere. */
function cpuSeconds(pid) {
  try {
    // Fields after the command name; utime and stime are the 12th and 13th, in clock ticks.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds of the PostgreSQL backends serving one database (when they run on this machine). */
async function databaseCpuSeconds(database) {
  if (!database) return undefined;
  const { rows } = await database.admin.query('select pid from pg_stat_activity where datname = $1', [database.name]);
  let total = 0;
  for (const { pid } of rows) {
    const cpu = cpuSeconds(pid);
    if (cpu === undefined) return undefined;
    total += cpu;
  }
  return total;
}

/**
 * Warms up, then loads one address. Besides req/s and latency it reports the
 * CPU time each request cost the server process (and the database backends),
 * which a busy machine changes far less than it changes the throughput.
 */
async function load(url, { headers = {}, pid, database } = {}) {
  const run = (seconds) => autocannon({ url, connections, duration: seconds, headers });
  await run(warmup);
  const cpuBefore = cpuSeconds(pid);
  const dbCpuBefore = await databaseCpuSeconds(database);
  const fromUs = monotonicUs();
  const r = await run(duration);
  const toUs = monotonicUs();
  const cpuAfter = cpuSeconds(pid);
  const dbCpuAfter = await databaseCpuSeconds(database);
  const perRequest = (before, after) =>
    before === undefined || after === undefined || !r.requests.total
      ? undefined
      : ((after - before) * 1e6) / r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuUs: perRequest(cpuBefore, cpuAfter),
    dbCpuUs: perRequest(dbCpuBefore, dbCpuAfter),
    window: { fromUs, toUs, requests: r.requests.total },
  };
}

/** The clock V8 stamps CPU profile samples with (monotonic, microseconds). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** With --cpu-prof: when each endpoint was measured, so the summary can split the profile by endpoint. */
function recordWindows(label, rows) {
  if (!cpuProfDir) return;
  const windows = rows.map((r) => ({ label: r.label, ...r.window }));
  fs.mkdirSync(path.join(cpuProfDir, label), { recursive: true });
  fs.writeFileSync(path.join(cpuProfDir, label, 'windows.json'), JSON.stringify(windows, null, 2));
}

async function measureApp(label, env, database) {
  const server = await startAppServer(label, env);
  const rows = [];
  try {
    const cookie = await signUpMember(server.baseUrl);
    for (const name of wanted) {
      const { path: p, signedIn } = ENDPOINTS[name];
      process.stdout.write(`  ${label}: ${p} ...\n`);
      const headers = signedIn ? { cookie } : {};
      rows.push({ name, label: p, ...(await load(server.baseUrl + p, { headers, pid: server.pid, database })) });
    }
  } finally {
    await server.stop();
  }
  recordWindows(label, rows);
  return rows;
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

/** `pgbench -S`: select-only single-row reads by primary key, 10 clients (the server's pool size). */
function pgbenchSelectOnly(url) {
  const pgbench = spawnSync('which', ['pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (!pgbench) return { note: 'pgbench not found (Debian: apt-get install postgresql-client)' };
  const init = spawnSync(pgbench, ['-i', '-q', '-s', '1', url], { encoding: 'utf8' });
  if (init.status !== 0) return { note: `pgbench -i failed: ${init.stderr.trim()}` };
  const run = spawnSync(pgbench, ['-S', '-n', '-c', '10', '-j', '2', '-T', String(duration), url], {
    encoding: 'utf8',
  });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  return tps ? { tps: Number(tps) } : { note: `pgbench failed: ${run.stderr.trim()}` };
}

async function benchPostgres() {
  return withDatabase('calm_bench', async (url, database) => {
    console.log('PostgreSQL: reference server (Hono + pg, one select 1)');
    const reference = await startProcess(
      'reference',
      ['scripts/bench/reference-server.mjs'],
      { DATABASE_URL: url },
      '/',
    );
    let referenceRow;
    try {
      const measured = await load(reference.baseUrl + '/', { pid: reference.pid, database });
      referenceRow = { name: 'reference', label: 'reference: select 1', ...measured };
    } finally {
      await reference.stop();
    }
    recordWindows('reference', [referenceRow]);
    console.log('PostgreSQL: Calm Space');
    const rows = await measureApp('postgres', { DATABASE_URL: url }, database);
    console.log(`PostgreSQL: pgbench -S for ${duration} s`);
    const pgbench = await withDatabase('calm_pgbench', async (benchUrl) => pgbenchSelectOnly(benchUrl));
    return { referenceRow, rows, pgbench };
  });
}

async function benchPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-bench-pglite-'));
  try {
    console.log('PGlite: Calm Space');
    return await measureApp('pglite', { DATABASE_URL: '', DATA_DIR: dataDir });
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

buildWebIfStale();
const databases = flags.databases.split(',').map((d) => d.trim());
console.log(
  `Each endpoint: ${connections} connections, ${warmup} s warm-up, ${duration} s measured. Load average now: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.availableParallelism()} cores.`,
);

if (databases.includes('postgres') && (await postgresReachable())) {
  const { referenceRow, rows, pgbench } = await benchPostgres();
  printTable('PostgreSQL', [referenceRow, ...rows], referenceRow.rps, 'reference');
  console.log(
    pgbench.tps
      ? `pgbench -S (10 clients, ${duration} s): ${fmt(pgbench.tps)} reads/s; reference endpoint is ${pct(referenceRow.rps, pgbench.tps)} of it`
      : `pgbench -S: ${pgbench.note}`,
  );
  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  if (byName.profile)
    verdict(
      'profile read ≥ 50% of reference',
      byName.profile.rps >= 0.5 * referenceRow.rps,
      pct(byName.profile.rps, referenceRow.rps),
    );
  if (byName.health)
    verdict(
      'health ≥ 80% of reference',
      byName.health.rps >= 0.8 * referenceRow.rps,
      pct(byName.health.rps, referenceRow.rps),
    );
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
  if (byName.profile) verdict('profile read p99 < 100 ms', byName.profile.p99 < 100, `${fmt(byName.profile.p99)} ms`);
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  verdict('no errors', errors === 0, `${errors} errors`);
}

if (cpuProfDir) {
  console.log(`\nCPU profiles in ${cpuProfDir}:`);
  for (const label of fs.readdirSync(cpuProfDir)) {
    console.log(`\n${label}`);
    summarizeCpuProfiles(path.join(cpuProfDir, label));
  }
}
