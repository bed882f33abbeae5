// npm run dev: the API with reload on change (port 3000) and Vite's dev server
// with hot reload (port 5173, proxying /api to the API).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// Vite's page posts to the API through its proxy, so the API trusts Vite's
// origin, but only when started from here (a plain local server does not).
const apiEnv = { ...process.env, DEV_SERVER_ORIGINS: 'http://localhost:5173,http://127.0.0.1:5173' };
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: apiEnv,
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', () => {
    stop();
    process.exitCode = child.exitCode ?? 0;
  });
