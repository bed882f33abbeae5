// What the admin-side benchmarks (bench:admin, bench:messages) share: a fresh
// database of their own, an ADMIN_EMAILS admin signed in through the real
// confirmation mail, and one-at-a-time request timings.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { secretFromOtpauthUri, totpCode } from '../../apps/server/src/test-support/totp.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// node-postgres as the server resolves it (a dependency of apps/server, not of the root).
const { default: pg } = await import(createRequire(path.join(root, 'apps/server/package.json')).resolve('pg'));

export const ADMIN_EMAIL = 'admin@bench.test';
const PASSWORD = 'quiet-harbour-42';

/** One statement on the given PostgreSQL database (never migrated: it only hosts the bench's own). */
export async function onMaintenanceDatabase(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at the maintenance URL (the benches skip it when none does). */
export async function postgresAnswers(maintenanceUrl) {
  try {
    await onMaintenanceDatabase(maintenanceUrl, 'select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh database named after the bench: a temporary PGlite directory when
 * `maintenanceUrl` is not given, or a new PostgreSQL database beside it.
 */
export async function freshDatabase(label, maintenanceUrl) {
  if (!maintenanceUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `calm-bench-${label}-`));
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await onMaintenanceDatabase(maintenanceUrl, `create database ${name}`);
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    open: () => openDatabase({ databaseUrl: url.href, dataDir: '' }),
    drop: () => onMaintenanceDatabase(maintenanceUrl, `drop database if exists ${name} with (force)`),
  };
}

const post = (baseUrl, p, body, cookie = '') =>
  fetch(`${baseUrl}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * Signs `email` up, confirms the address from the local mailbox (as the same
 * browser, decision 046) and signs in; returns the session cookie, or, for an
 * admin, the cookie of the password step (the code step follows).
 */
async function confirmedSignIn(baseUrl, email, name) {
  const signUp = await post(baseUrl, '/api/auth/sign-up/email', {
    name,
    email,
    password: PASSWORD,
    ageConfirmed: true,
  });
  if (!signUp.ok) throw new Error(`sign-up of ${email} answered ${signUp.status}`);
  // The sign-up's browser mark: the confirmation is followed as the same client (decision 046).
  const mark = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.includes('sign_up_browser='))
    .join('; ');
  const deadline = Date.now() + 20_000;
  let link;
  while (!link) {
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email}`);
    const mails = await (await fetch(`${baseUrl}/api/dev/mailbox`)).json();
    link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('type=signup'));
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token');
  const verified = await fetch(`${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { cookie: mark },
  });
  if (!verified.ok) throw new Error(`confirming ${email} answered ${verified.status}`);
  const signedIn = await post(baseUrl, '/api/auth/sign-in/email', { email, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`sign-in of ${email} answered ${signedIn.status}`);
  return cookieOf(signedIn);
}

/** A member signed up, confirmed and signed in through the real flow: their session cookie. */
export function memberCookie(baseUrl, email, name) {
  return confirmedSignIn(baseUrl, email, name);
}

/**
 * Signs the admin up, confirms the address from the local mailbox, sets up an
 * authenticator (the admin area needs a second factor, decision 047) and signs
 * in with a code; returns the session cookie.
 */
export async function adminCookie(baseUrl) {
  const enrolling = await confirmedSignIn(baseUrl, ADMIN_EMAIL, 'Bench Admin');
  const enabled = await post(baseUrl, '/api/auth/two-factor/enable', { password: PASSWORD }, enrolling);
  if (!enabled.ok) throw new Error(`enabling the second factor answered ${enabled.status}`);
  const secret = secretFromOtpauthUri((await enabled.json()).totpURI);
  const proven = await post(baseUrl, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, enrolling);
  if (!proven.ok) throw new Error(`proving the second factor answered ${proven.status}`);
  // A session made by proving the code, as the admin area asks.
  const again = await post(baseUrl, '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: PASSWORD });
  const coded = await post(baseUrl, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookieOf(again));
  const cookie = cookieOf(coded);
  if (!coded.ok || !cookie) throw new Error(`signing the admin in with a code answered ${coded.status}`);
  return cookie;
}

export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
export const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;

/**
 * Times `requests` GETs of `urlPath`, one at a time, after two that warm the
 * prepared statements and caches; prints the median and p95 and returns the
 * first answer's body (`stats`, when given, receives the median and p95).
 */
export async function timeRequests({ baseUrl, cookie, label, urlPath, requests, stats }) {
  const timings = [];
  let first;
  for (let i = 0; i < requests + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${urlPath}`, { headers: { cookie } });
    const body = await res.json();
    if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${JSON.stringify(body)}`);
    if (i === 0) first = body;
    if (i >= 2) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} median ${ms(quantile(timings, 0.5))}   p95 ${ms(quantile(timings, 0.95))}`);
  if (stats) Object.assign(stats, { median: quantile(timings, 0.5), p95: quantile(timings, 0.95) });
  return first;
}
