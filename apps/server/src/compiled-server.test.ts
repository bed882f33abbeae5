import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, compiledCommand, runtimePackages, undeclaredPackages } from '../../../scripts/build-server.mjs';
import { freePort } from './test-support/free-port';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test-support/test-database';
import { waitFor } from './test-support/wait-for';

/**
 * The compiled server (decision 017) as it runs after `npm run build`: plain
 * JavaScript, needing only apps/server's production dependencies. On PGlite it
 * starts in local mode; on PostgreSQL in production mode.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'));
const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
let metafile: Awaited<ReturnType<typeof buildServer>>;
let workDir: string;
let testDb: TestDatabase;

beforeAll(async () => {
  metafile = await buildServer();
  // Neither the repository nor apps/server: the bundle must find its files from where it lies.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-compiled-'));
  // Empty: the server must find and apply the migrations itself.
  testDb = await createTestDatabase({ fresh: true });
});
afterAll(async () => {
  await testDb.drop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

it('imports at run time only packages apps/server lists in "dependencies"', () => {
  const declared = Object.keys(serverPackage.dependencies);
  const imported = runtimePackages(metafile);
  expect(imported).toContain('hono');
  for (const name of imported) expect(declared, `${name} is imported at run time`).toContain(name);
  // @app/shared is TypeScript source: it is compiled in, never imported.
  expect(imported).not.toContain('@app/shared');
  expect(imported).not.toContain('tsx');
});

it('names a development dependency the bundle would need', () => {
  const withDevImport = {
    inputs: {},
    outputs: {
      'apps/server/dist/index.js': {
        bytes: 1,
        inputs: {},
        exports: [],
        imports: [
          { path: 'pino-pretty/lib/colors', kind: 'import-statement' as const, external: true },
          { path: 'node:fs', kind: 'import-statement' as const, external: true },
          { path: 'hono/cors', kind: 'import-statement' as const, external: true },
        ],
      },
    },
  };
  expect(undeclaredPackages(withDevImport)).toEqual(['pino-pretty']);
});

it('starts from its compiled bundle, applies the migrations and answers', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> =
    testDatabaseKind() === 'postgres'
      ? {
          APP_ENV: 'production',
          DATABASE_URL: testDb.url!,
          AUTH_SECRET: 'a-long-production-secret-of-32-chars!',
          PUBLIC_URL: url,
          HOST: '127.0.0.1',
          // Nothing listens here; no mail is sent in this test.
          SMTP_URL: 'smtp://127.0.0.1:9',
          WHATSAPP_NUMBER: '447700900000',
        }
      : { APP_ENV: 'local', DATABASE_URL: '', DATA_DIR: path.join(workDir, 'data') };
  const { command, args } = compiledCommand();
  const child = spawn(command, args, {
    cwd: workDir,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const health = await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the compiled server exited:\n${output}`);
        return fetch(`${url}/api/health`).then(
          (res) => (res.ok ? res.json() : undefined),
          () => undefined,
        );
      },
      'the compiled server to answer',
      // A new PGlite data directory takes seconds to create, and far longer on a busy machine.
      120_000,
    );
    expect(health).toEqual({
      ok: true,
      database: testDatabaseKind(),
      version: rootPackage.version,
      // PostgreSQL runs it in production mode, where no WhatsApp settings mean no bridge.
      whatsapp: testDatabaseKind() === 'postgres' ? 'off' : 'local',
    });
    // Seed rows exist only once every migration ran: the migrations folder was found.
    const focusAreas = (await (await fetch(`${url}/api/catalog/focus-areas`)).json()) as unknown[];
    expect(focusAreas.length).toBeGreaterThan(0);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}, 180_000);
