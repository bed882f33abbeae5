// Runs a command and says where the machine's CPU went while it ran, by kind of
// process: Chromium's renderers, browser, GPU and utility processes, Node
// (Vitest's workers, servers), PostgreSQL, and everything else on the machine.
// Linux only: it reads /proc twice a second.
//
//   node scripts/bench/cpu-by-process.mjs -- npx vitest run --project e2e
//
// Why not `time`: it counts only the processes their parents waited for, and
// most of Chromium's are not, so it reported 317 s for an end-to-end run whose
// processes used about 700 s (docs/performance-log.md, 28 November 2026, evening).
// A process that starts and ends between two readings is missed; the sampling
// itself costs about 1% of a core.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { processStat } from './processes.mjs';

const SAMPLE_MS = 500;

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('Usage: node scripts/bench/cpu-by-process.mjs -- COMMAND [ARGUMENTS]');
  process.exit(2);
}

/** The kind of a process, from its command line. */
function kindOf(commandLine) {
  if (/chrom/.test(commandLine)) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1];
    return type ? `Chromium ${type}` : 'Chromium browser';
  }
  if (/^postgres|\/postgres /.test(commandLine)) return 'PostgreSQL';
  if (/vitest/.test(commandLine)) return 'Node: Vitest';
  if (/^\S*node\b/.test(commandLine)) return 'Node: other';
  return commandLine === '' ? 'kernel threads' : `other: ${commandLine.split(/\s/)[0]?.split('/').pop()}`;
}

/** Each process seen, by pid and start time (a pid can be reused): its kind and the CPU last read. */
const seen = new Map();
const cpuByKind = new Map();
const processesByKind = new Map();

function sample() {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = processStat(pid);
    if (!stat) continue; // ended since the listing
    const cpu = stat.cpuSeconds;
    const id = `${pid}:${stat.startTime}`;
    let entry = seen.get(id);
    if (!entry) {
      let commandLine = '';
      try {
        commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      } catch {
        continue;
      }
      // What a process had used before the run started is not the run's.
      entry = { kind: kindOf(commandLine), cpu: started ? 0 : cpu };
      seen.set(id, entry);
      processesByKind.set(entry.kind, (processesByKind.get(entry.kind) ?? 0) + 1);
    }
    cpuByKind.set(entry.kind, (cpuByKind.get(entry.kind) ?? 0) + (cpu - entry.cpu));
    entry.cpu = cpu;
  }
}

let started = false;
sample();
cpuByKind.clear();
processesByKind.clear();
started = true;
const startedAt = Date.now();
const timer = setInterval(sample, SAMPLE_MS);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  clearInterval(timer);
  sample();
  const wall = (Date.now() - startedAt) / 1000;
  const rows = [...cpuByKind].filter(([, cpu]) => cpu >= 0.05).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, cpu]) => sum + cpu, 0);
  console.log(`\nCPU by kind of process over ${wall.toFixed(0)} s (${(total / wall).toFixed(2)} cores busy):`);
  for (const [kind, cpu] of rows) {
    const processes = processesByKind.get(kind) ?? 0;
    console.log(`  ${kind.padEnd(28)} ${cpu.toFixed(1).padStart(8)} s  ${processes > 0 ? `${processes} new` : ''}`);
  }
  console.log(`  ${'in all'.padEnd(28)} ${total.toFixed(1).padStart(8)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
