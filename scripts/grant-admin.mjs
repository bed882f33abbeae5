// npm run grant-admin -- <email>: the compiled command (apps/server/src/cli/grant-admin.ts),
// run from the repository root so DATA_DIR=./.data means the same folder as for `npm start`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledCommand, ensureServerBuild, GRANT_ADMIN_ENTRY } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await ensureServerBuild();
const { command, args } = compiledCommand(GRANT_ADMIN_ENTRY);
const result = spawnSync(command, [...args, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
