// Builds the web app (and pre-renders its public pages) when its output is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prerenderWeb } from './prerender-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages/shared/src'),
];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export const DEFAULT_WEB_OUT_DIR = path.join(web, 'dist');

export function webBuildIsCurrent(outDir = DEFAULT_WEB_OUT_DIR) {
  // Written last, by the pre-rendering step.
  const builtRoutes = path.join(outDir, 'prerendered/routes.json');
  return fs.existsSync(builtRoutes) && fs.statSync(builtRoutes).mtimeMs >= Math.max(...sources.map(newest));
}

/** `outDir` lets parallel test runs each build into a folder of their own. */
export async function buildWebIfStale(outDir = DEFAULT_WEB_OUT_DIR) {
  if (webBuildIsCurrent(outDir)) return;
  console.log('Building the web app...');
  // NODE_ENV is forced: under vitest it is 'test', which would ship React's development build.
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await prerenderWeb(outDir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWebIfStale();
