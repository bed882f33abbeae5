// npm run reset-two-factor -- <email>: the compiled command (apps/server/src/cli/reset-two-factor.ts),
// run from the repository root so DATA_DIR=./.data means the same folder as for `npm start`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledCommand, ensureServerBuild, RESET_TWO_FACTOR_ENTRY } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await ensureServerBuild();
const { command, args } = compiledCommand(RESET_TWO_FACTOR_ENTRY);
const result = spawnSync(command, [...args, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
