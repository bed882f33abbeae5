// npm start: build the web app if needed and the server, then run the compiled
// server, which serves both on one origin (local mode: embedded PGlite in
// ./.data unless DATABASE_URL is set). On a production install (no build
// tools) it runs what `npm run build` made.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildToolsInstalled, compiledCommand, ensureServerBuild } from './build-server.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (buildToolsInstalled()) await buildWebIfStale();
await ensureServerBuild();

const { command, args } = compiledCommand();
const server = spawn(command, args, { stdio: 'inherit', cwd: root });
// Pass stop signals on so the server closes its database and releases the lock.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
