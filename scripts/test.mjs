// npm test: every test (shared, server on PGlite and PostgreSQL when
// DATABASE_URL is set, web, end-to-end in Chromium), then one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import './ensure-chromium.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-test-report-'));
const report = path.join(reportDir, 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const result = spawnSync('npx', args, { stdio: 'inherit' });

if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  console.log(
    `Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
}
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
