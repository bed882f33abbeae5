// Sums up V8 CPU profiles (`node --cpu-prof`) by library: where a server's
// busy time goes. `npm run bench:api -- --cpu-prof=DIR` writes the profiles
// and the time window of each measured endpoint (windows.json), and prints,
// per endpoint, the CPU microseconds one request spends in each library.
// Alone:
//
//   node scripts/bench/cpu-profile-summary.mjs DIR_OR_FILE
//
// "self" is time in a library's own code (native calls it makes count as
// its own); "on stack" is time with any of its functions on the stack,
// callees included, so those overlap across rows.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The library a frame belongs to, from its script address; null for native frames. */
export function categoryOf({ functionName, url }) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native';
    return null;
  }
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (wasm)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === 'better-call' || name.startsWith('@better-auth/')) return 'better-auth';
    if (name === 'pg-protocol' || name === 'pg-pool' || name === 'pg-types') return 'pg';
    if (name === 'sonic-boom' || name === 'thread-stream' || name === 'fast-redact') return 'pino';
    if (name === '@hono/node-server') return 'hono';
    return name;
  }
  if (url.startsWith('node:')) return `node: ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
  const src = url.indexOf('/apps/server/src/');
  if (src !== -1) return `app: ${url.slice(src + '/apps/server/src/'.length)}`;
  if (url.includes('/packages/shared/')) return 'app: packages/shared';
  return url.replace(/^file:\/\//, '');
}

function loadProfile(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfCategory = new Map();
  const stackCategories = new Map();
  const categoryFor = (id) => {
    if (selfCategory.has(id)) return selfCategory.get(id);
    let own = categoryOf(byId.get(id).callFrame);
    // A native function's time belongs to the library that called it.
    if (own === null) own = parent.has(id) ? categoryFor(parent.get(id)) : 'native';
    selfCategory.set(id, own);
    return own;
  };
  const stackFor = (id) => {
    if (stackCategories.has(id)) return stackCategories.get(id);
    const set = new Set(parent.has(id) ? stackFor(parent.get(id)) : []);
    set.add(categoryFor(id));
    stackCategories.set(id, set);
    return set;
  };
  // Sample times, on the monotonic clock the bench's windows use.
  const times = [];
  let t = profile.startTime;
  for (const dt of profile.timeDeltas) times.push((t += dt));
  return { profile, times, categoryFor, stackFor };
}

/** Busy microseconds by category ("self") and with the category on the stack, within the windows. */
function breakdown(loaded, windows = [{ fromUs: -Infinity, toUs: Infinity }]) {
  const self = new Map();
  const onStack = new Map();
  let busy = 0;
  const inWindow = (t) => windows.some((w) => t >= w.fromUs && t < w.toUs);
  for (const { profile, times, categoryFor, stackFor } of loaded) {
    profile.samples.forEach((id, i) => {
      if (!inWindow(times[i])) return;
      const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
      const category = categoryFor(id);
      if (category === 'idle') return;
      busy += dt;
      self.set(category, (self.get(category) ?? 0) + dt);
      for (const c of stackFor(id)) onStack.set(c, (onStack.get(c) ?? 0) + dt);
    });
  }
  return { self, onStack, busy };
}

function printBreakdown({ self, onStack, busy }, { top, requests }) {
  const unit = requests
    ? (v) => `${(v / requests).toFixed(1).padStart(7)} µs`
    : (v) => `${((100 * v) / busy).toFixed(1).padStart(5)}%`;
  console.log(
    requests
      ? `    ${requests} requests, ${(busy / requests).toFixed(0)} µs of CPU each; per request:`
      : `    busy ${(busy / 1e6).toFixed(1)} s`,
  );
  console.log(`    ${'library'.padEnd(38)} ${'self'.padStart(10)}   ${'on stack'.padStart(10)}`);
  for (const [name, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${name.padEnd(38)} ${unit(v).padStart(10)}   ${unit(onStack.get(name) ?? 0).padStart(10)}`);
  }
}

/**
 * Prints the summary of one .cpuprofile file, or of every one in a folder;
 * with the bench's windows.json beside them, one table per measured endpoint.
 */
export function summarizeCpuProfiles(target, { top = 14 } = {}) {
  const dir = fs.statSync(target).isDirectory() ? target : path.dirname(target);
  const files =
    dir === target
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(dir, f))
      : [target];
  const loaded = files.map(loadProfile);
  const windowsFile = path.join(dir, 'windows.json');
  if (!fs.existsSync(windowsFile)) {
    printBreakdown(breakdown(loaded), { top });
    return;
  }
  // One table per endpoint, over all the rounds it was measured in.
  const byLabel = new Map();
  for (const w of JSON.parse(fs.readFileSync(windowsFile, 'utf8'))) {
    byLabel.set(w.label, [...(byLabel.get(w.label) ?? []), w]);
  }
  for (const [label, windows] of byLabel) {
    console.log(`  ${label}`);
    const requests = windows.reduce((sum, w) => sum + w.requests, 0);
    printBreakdown(breakdown(loaded, windows), { top, requests });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node scripts/bench/cpu-profile-summary.mjs DIR_OR_FILE [rows]');
    process.exit(1);
  }
  summarizeCpuProfiles(target, { top: Number(process.argv[3] ?? 20) });
}
