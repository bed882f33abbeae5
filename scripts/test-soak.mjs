// npm run test:soak -- --runs N [vitest arguments: files, --project …]
//
// Runs the chosen test files (or the whole suite) N times, one run after
// another, and lists every failure with its cause: which test, in how many
// runs, and each different message it failed with. A test that fails in
// some runs and not in others is a race in the product or the test; fix it at
// its cause (docs/performance.md, "Chance failures"), never with a retry or a
// longer timeout.
//
// Each run's own output is kept in a folder (printed at the end), so a
// failure's whole story (the server's log, the stack) can be read afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './ensure-chromium.mjs';

const USAGE = 'Usage: npm run test:soak -- --runs N [file ...] [--project name ...] [other vitest options]';

/** `--runs N` (or `--runs=N`) out of the arguments; everything else goes to Vitest. */
function parseArguments(argv) {
  let runs = 5;
  const vitestArgs = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg === '--runs' ? argv[++i] : arg.slice('--runs='.length);
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) {
        console.error(`--runs needs a whole number of runs, 1 or more (got "${value ?? ''}").\n${USAGE}`);
        process.exit(2);
      }
    } else {
      vitestArgs.push(arg);
    }
  }
  return { runs, vitestArgs };
}

/** The first lines of a failure message that say what went wrong, without the stack's colour codes. */
function causeOf(message) {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n');
  const stackStart = lines.findIndex((line) => /^\s+at /.test(line));
  const head = (stackStart === -1 ? lines : lines.slice(0, stackStart)).filter((line) => line.trim() !== '');
  // Where in a test file it failed: the first stack line that points into one.
  const where = lines.find((line) => /^\s+at .*\.(test|e2e)\.tsx?:\d+/.test(line));
  const summary = head.slice(0, 6).join('\n');
  return where ? `${summary}\n${where.trim()}` : summary;
}

/** Runs Vitest once; answers the failures it reported and how the process ended. */
function runOnce(index, vitestArgs, folder) {
  const report = path.join(folder, `run-${index}.json`);
  const log = path.join(folder, `run-${index}.log`);
  const output = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
    { stdio: ['ignore', output, output] },
  );
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      fs.closeSync(output);
      const failures = [];
      let tests = 0;
      if (fs.existsSync(report)) {
        const result = JSON.parse(fs.readFileSync(report, 'utf8'));
        tests = result.numTotalTests;
        for (const file of result.testResults) {
          const relative = path.relative(process.cwd(), file.name);
          const failed = file.assertionResults.filter((test) => test.status === 'failed');
          for (const test of failed)
            failures.push({ file: relative, test: test.fullName, cause: causeOf(test.failureMessages.join('\n')) });
          // A file that failed outside any test: its import, a hook, an error after its tests.
          if (file.status === 'failed' && failed.length === 0)
            failures.push({ file: relative, test: '(the file itself)', cause: causeOf(file.message || 'no message') });
        }
      }
      // Vitest fails a run for an unhandled error even when every test passed; the log has it.
      if (code !== 0 && failures.length === 0)
        failures.push({
          file: '(the run)',
          test: '(no failing test)',
          cause: `Vitest ended with ${signal ?? `code ${code}`}: an unhandled error or a failed global setup; see ${log}`,
        });
      resolve({ failures, tests, seconds: Math.round((Date.now() - started) / 1000), log });
    });
  });
}

const { runs, vitestArgs } = parseArguments(process.argv.slice(2));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-soak-'));
const what = vitestArgs.length ? vitestArgs.join(' ') : 'the whole suite';
console.log(`Soaking ${what}: ${runs} run(s), one after another. Logs: ${folder}`);

/** key "file › test" → { file, test, runs: Set of run numbers, causes: Map kind → { example, runs } } */
const seen = new Map();
for (let index = 1; index <= runs; index++) {
  const { failures, tests, seconds } = await runOnce(index, vitestArgs, folder);
  console.log(`Run ${index}/${runs}: ${tests} tests, ${failures.length} failed, ${seconds} s`);
  for (const failure of failures) {
    const key = `${failure.file} › ${failure.test}`;
    const entry = seen.get(key) ?? { ...failure, runs: new Set(), causes: new Map() };
    entry.runs.add(index);
    // Causes that differ only in their numbers (a port, a timing, a random value) are one cause.
    const kind = failure.cause.replace(/\d+(\.\d+)?/g, 'N');
    const cause = entry.causes.get(kind) ?? { example: failure.cause, runs: [] };
    cause.runs.push(index);
    entry.causes.set(kind, cause);
    seen.set(key, entry);
    console.log(`  ✗ ${key}`);
  }
}

if (seen.size === 0) {
  console.log(`\nNo failure in ${runs} run(s).`);
  process.exit(0);
}
console.log(`\n${seen.size} test(s) failed in at least one of ${runs} run(s):`);
for (const [key, entry] of seen) {
  console.log(`\n✗ ${key}: failed in ${entry.runs.size} of ${runs} (runs ${[...entry.runs].join(', ')})`);
  for (const { example, runs: inRuns } of entry.causes.values()) {
    console.log(`  in run(s) ${inRuns.join(', ')}:`);
    console.log(example.replace(/^/gm, '    '));
  }
}
console.log(`\nEach run's whole output: ${folder}/run-N.log`);
process.exit(1);
