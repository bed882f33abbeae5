import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { flood, maskedTextFrame, openRawWebSocket } from '../../test-support/raw-websocket';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { TestClient } from '../../test-support/test-client';
import { createTestDataDir, testDatabaseKind } from '../../test-support/test-database';

/**
 * The attack of the security issue, against the real compiled server in its
 * own process so its memory can be read: one signed-in socket stops reading
 * and floods heartbeats, each of which the server answers. Before the limits,
 * every answer waited in the server's memory for a reader that never came
 * (171 MB to 2.5 GB in 22 s).
 */
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;

/**
 * What the flood may add to the server's peak memory: the socket is dropped
 * after a few dozen frames, so the rest is the runtime's noise (a few MB).
 */
const MEMORY_GROWTH_BOUND = 32 * 1024 * 1024;
/** How much the flood writes at most: a server that keeps every answer grows by some 220 MB meanwhile. */
const FLOOD_BYTES = 32 * 1024 * 1024;

let dataDir: string;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  dataDir = createTestDataDir('calm-flood-');
  server = startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) });
  url = await server.ready;
});
afterAll(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the kernel's count of the process's peak memory (VmHWM) again from its memory now. */
function resetPeakMemory(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The process's resident memory now and at its peak, in bytes, from the kernel's own account. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

pgliteOnly(
  'a signed-in socket that stops reading and floods heartbeats is dropped, and the server’s memory stays flat',
  async () => {
    const member = new TestClient(url);
    const email = `flood-${Date.now()}@example.com`;
    const userId: string = (await member.signUp(email)).body.user.id;
    const socket = await openRawWebSocket(url, { cookie: member.cookieHeader() });
    try {
      // Everything the server sends from now on stays unread.
      socket.pause();
      resetPeakMemory(server.child.pid!);
      const before = memoryOf(server.child.pid!);
      const heartbeats = Buffer.concat(
        Array.from({ length: 1000 }, (_, i) => maskedTextFrame(JSON.stringify({ type: 'heartbeat', ref: `h${i}` }))),
      );

      const outcome = await flood(socket, heartbeats, FLOOD_BYTES);

      const after = memoryOf(server.child.pid!);
      expect(after.peak - before.rss).toBeLessThan(MEMORY_GROWTH_BOUND);
      expect(outcome).toBe('closed');
      // The operator is told which limit, and nothing about whom.
      const warning = server
        .output()
        .split('\n')
        .find((line) => line.includes('realtime socket dropped'));
      expect(JSON.parse(warning!)).toMatchObject({ limit: 'frames per second' });
      for (const personal of [email, userId, '127.0.0.1']) expect(warning).not.toContain(personal);
    } finally {
      socket.destroy();
    }
  },
  60_000,
);
