// npm start: build the web app if needed, then serve it and the API on one
// origin (local mode: embedded PGlite in ./.data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();

// node itself with tsx's loader (not the tsx wrapper), so signals reach the server directly.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/index.ts')], {
  stdio: 'inherit',
  cwd: root,
});
// Pass stop signals on so the server closes its database and releases the lock.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
