// Compiles the server to plain JavaScript (decision 017): one ES module per
// entry point in apps/server/dist, holding our code and @app/shared (which is
// TypeScript source); every other package stays in node_modules, where a
// production install (`npm ci --omit=dev`) puts it. esbuild takes well under a
// second, so callers simply build every time instead of checking what changed.
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');

// Directly in apps/server, like src: apps/server/src/paths.ts relies on it.
export const SERVER_DIST_DIR = path.join(server, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST_DIR, 'index.js');
export const GRANT_ADMIN_ENTRY = path.join(SERVER_DIST_DIR, 'grant-admin.js');
export const RESET_TWO_FACTOR_ENTRY = path.join(SERVER_DIST_DIR, 'reset-two-factor.js');

/** Workspace packages shipped as TypeScript source: compiled into the bundle, never imported at run time. */
const BUNDLED_PACKAGES = new Set(['@app/shared']);

/**
 * How to run a compiled entry point (every caller starts the server this way):
 * node itself, not a wrapper, so signals reach the server directly, and stack
 * traces that point into the TypeScript source.
 */
export function compiledCommand(entry = SERVER_ENTRY) {
  return { command: process.execPath, args: ['--enable-source-maps', entry] };
}

/**
 * Whether this install can build (a development install). A production install
 * (npm ci --omit=dev) lacks the web build's plugins; esbuild or vite alone prove
 * nothing, since better-auth's optional peer dependencies bring them along.
 */
export function buildToolsInstalled() {
  const require = createRequire(path.join(root, 'apps/web/package.json'));
  return ['esbuild', '@vitejs/plugin-react'].every((name) => {
    try {
      require.resolve(name);
      return true;
    } catch {
      return false;
    }
  });
}

/** `react-dom/client` → `react-dom`, `@hono/node-server/serve-static` → `@hono/node-server`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

/** Every package the bundles import at run time (Node's own modules aside), from esbuild's metafile. */
export function runtimePackages(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path: specifier, external } of output.imports)
      if (external && !isBuiltin(specifier)) names.add(packageName(specifier));
  return [...names].sort();
}

/** Packages the bundles import that apps/server does not list in "dependencies". */
export function undeclaredPackages(metafile) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  return runtimePackages(metafile).filter((name) => !(name in dependencies));
}

const leavePackagesExternal = {
  name: 'leave-packages-external',
  setup(build) {
    // Bare specifiers only: relative and absolute paths are our own files.
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      BUNDLED_PACKAGES.has(packageName(specifier)) ? undefined : { path: specifier, external: true },
    );
  },
};

/** Writes by renaming a finished file into place, so a server starting meanwhile never reads half a bundle. */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/** Builds apps/server/dist; refuses a bundle that would need a development dependency. Returns esbuild's metafile. */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      index: 'apps/server/src/index.ts',
      'grant-admin': 'apps/server/src/cli/grant-admin.ts',
      'reset-two-factor': 'apps/server/src/cli/reset-two-factor.ts',
    },
    outdir: SERVER_DIST_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [leavePackagesExternal],
  });
  const undeclared = undeclaredPackages(result.metafile);
  if (undeclared.length > 0)
    throw new Error(
      `The server imports ${undeclared.join(', ')}, missing from "dependencies" in apps/server/package.json: ` +
        'a production install would not have it.',
    );
  fs.mkdirSync(SERVER_DIST_DIR, { recursive: true });
  // Source maps first, so a bundle is never newer than its map.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')));
  for (const file of files) writeAtomically(file.path, file.contents);
  return result.metafile;
}

/**
 * Before running a compiled entry point: build it when the build tools are
 * installed; on a production install, use what `npm run build` made.
 */
export async function ensureServerBuild() {
  if (buildToolsInstalled()) {
    await buildServer();
  } else if (!fs.existsSync(SERVER_ENTRY)) {
    console.error(
      'The server is not built, and this install has no build tools (npm ci --omit=dev). ' +
        'Run `npm run build` on a full install first.',
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const metafile = await buildServer();
  const size = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, { bytes }]) => `${path.basename(file)} ${Math.round(bytes / 1024)} kB`);
  console.log(`Built the server in ${Math.round(performance.now() - started)} ms: ${size.join(', ')}`);
}
