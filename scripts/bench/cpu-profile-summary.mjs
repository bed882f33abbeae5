// Sums up V8 CPU profiles (`node --cpu-prof`) by library: where a server's
// busy time goes. Used by `npm run bench:api -- --cpu-prof=DIR`, or alone:
//
//   node scripts/bench/cpu-profile-summary.mjs DIR_OR_FILE
//
// "self" is time spent in a library's own code; "on stack" is time with any of
// its functions on the stack (callees included), so it overlaps across rows.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The library a frame belongs to, from its script address. */
export function categoryOf({ functionName, url }) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native';
    return 'native';
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === 'better-call' || name.startsWith('@better-auth/')) return 'better-auth';
    if (name === 'pg-protocol' || name === 'pg-pool' || name === 'pg-types') return 'pg';
    if (name === 'sonic-boom' || name === 'thread-stream' || name === 'fast-redact') return 'pino';
    return name;
  }
  if (url.startsWith('node:')) return `node: ${url.replace(/^node:(internal\/)?/, '').split('/')[0]}`;
  const src = url.indexOf('/apps/server/src/');
  if (src !== -1) return `app: ${url.slice(src + '/apps/server/src/'.length)}`;
  const shared = url.indexOf('/packages/shared/');
  if (shared !== -1) return 'app: packages/shared';
  return url.replace(/^file:\/\//, '');
}

function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const onStack = new Map();
  let busy = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const node = byId.get(id);
    const category = categoryOf(node.callFrame);
    if (category === 'idle') return;
    busy += dt;
    self.set(category, (self.get(category) ?? 0) + dt);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const c = categoryOf(byId.get(cur).callFrame);
      if (!seen.has(c)) {
        seen.add(c);
        onStack.set(c, (onStack.get(c) ?? 0) + dt);
      }
    }
  });
  return { self, onStack, busy, total };
}

function merge(into, from) {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}

/** Prints the summary of one .cpuprofile file, or of every one in a folder, added together. */
export function summarizeCpuProfiles(target, { top = 18 } = {}) {
  const files = fs.statSync(target).isDirectory()
    ? fs
        .readdirSync(target)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(target, f))
    : [target];
  const self = new Map();
  const onStack = new Map();
  let busy = 0;
  let total = 0;
  for (const file of files) {
    const s = summarize(JSON.parse(fs.readFileSync(file, 'utf8')));
    merge(self, s.self);
    merge(onStack, s.onStack);
    busy += s.busy;
    total += s.total;
  }
  const pct = (v) => `${((100 * v) / busy).toFixed(1).padStart(5)}%`;
  console.log(`  busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s profiled (${files.length} file(s))`);
  console.log('  self time (share of busy time)            on stack');
  for (const [name, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${name.padEnd(40)} ${pct(v)}   ${pct(onStack.get(name) ?? 0)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node scripts/bench/cpu-profile-summary.mjs DIR_OR_FILE');
    process.exit(1);
  }
  summarizeCpuProfiles(target, { top: Number(process.argv[3] ?? 25) });
}
