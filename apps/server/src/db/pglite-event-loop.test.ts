import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir, testDatabaseKind } from '../test-support/test-database';
import { pgliteDataPath } from './client';
import { nextEventLoopTurn, withEventLoopTurns } from './pglite-event-loop';

const pgliteOnly = testDatabaseKind() === 'pglite' ? describe : describe.skip;

pgliteOnly('PGlite with a turn of the event loop before each statement', () => {
  let client: PGlite;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = createTestDataDir('calm-event-loop-');
    client = withEventLoopTurns(await PGlite.create(pgliteDataPath(dataDir)));
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** How many statements of `chain` had finished when an I/O callback queued at its start ran. */
  async function statementsBeforeTheLoopTurned(chain: (step: () => void) => Promise<void>) {
    let finished = 0;
    let finishedWhenItRan: number | undefined;
    setImmediate(() => (finishedWhenItRan = finished));
    await chain(() => finished++);
    await nextEventLoopTurn();
    return finishedWhenItRan;
  }

  it('lets the event loop run between the statements of a long chain', async () => {
    const seen = await statementsBeforeTheLoopTurned(async (step) => {
      for (let i = 0; i < 100; i++) {
        await client.query('select $1::int as n', [i]);
        step();
      }
    });
    // Without the turns, the callback waits for the whole chain (100); a socket's answer waits with it.
    expect(seen).toBe(0);
  });

  it('does the same inside a transaction', async () => {
    const seen = await statementsBeforeTheLoopTurned((step) =>
      client.transaction(async (tx) => {
        for (let i = 0; i < 100; i++) {
          await tx.query('select $1::int as n', [i]);
          step();
        }
      }),
    );
    expect(seen).toBe(0);
  });

  it('answers as PGlite does', async () => {
    const { rows } = await client.query<{ n: number }>('select $1::int + 1 as n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
    await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
  });
});
