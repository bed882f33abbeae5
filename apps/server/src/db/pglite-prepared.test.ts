import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir, testDatabaseKind } from '../test-support/test-database';
import { pgliteDataPath } from './client';
import { withPreparedStatements } from './pglite-prepared';

/**
 * PGlite's own query() is the reference: the prepared path must answer exactly
 * as it does with the parsers drizzle-orm passes (the client serves drizzle only).
 */
const pgliteOnly = testDatabaseKind() === 'pglite' ? describe : describe.skip;
const asText = (v: string) => v;
// What drizzle-orm's PGlite session passes with every query.
const drizzleParsers = { [types.TIMESTAMPTZ]: asText, [types.TIMESTAMP]: asText, [types.DATE]: asText };

pgliteOnly('PGlite with prepared statements', () => {
  let plain: PGlite;
  let prepared: PGlite;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    // Copies of the run's database open faster than new ones are made; this file only adds a table of its own.
    const open = () => {
      const dataDir = createTestDataDir('calm-prepared-');
      dataDirs.push(dataDir);
      return PGlite.create(pgliteDataPath(dataDir));
    };
    [plain, prepared] = await Promise.all([open(), open()]);
    withPreparedStatements(prepared);
    for (const db of [plain, prepared]) {
      await db.exec(`
        create table notes (id int primary key, body text, tags text[], meta jsonb, done boolean, at timestamptz);
        insert into notes values (1, 'first', '{a,b}', '{"x": 1}', true, '2026-01-02T03:04:05Z'),
                                 (2, null, '{}', null, false, null);`);
    }
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), prepared?.close()]);
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every query as PGlite itself does, in both row modes', async () => {
    const cases: [string, unknown[]][] = [
      ['select * from notes order by id', []],
      ['select * from notes where id = $1', [1]],
      ['select body, tags, meta from notes where done = $1 and id > $2', [true, 0]],
      ['select $1::text as echo, $2::int + 1 as next, now() > $3::timestamptz as later', ['hi', 41, new Date(0)]],
      ['update notes set body = $1 where id = $2', ['second', 2]],
      [
        'insert into notes (id, body) values ($1, $2) on conflict (id) do update set body = excluded.body returning id, body',
        [3, 'third'],
      ],
      ['delete from notes where id = $1', [3]],
    ];
    for (const [text, params] of cases) {
      for (const rowMode of ['array', 'object'] as const) {
        const options = { rowMode, parsers: drizzleParsers };
        const expected = await plain.query(text, params, options);
        expect(await prepared.query(text, params, options), text).toEqual(expected);
      }
    }
  });

  it('parses and plans each statement once, however often it runs', async () => {
    for (let i = 0; i < 5; i++) await prepared.query('select body from notes where id = $1', [1]);
    const { rows } = await prepared.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where statement = 'select body from notes where id = $1'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('keeps errors as PostgreSQL reports them, and stays usable after one', async () => {
    const duplicate = await prepared.query('insert into notes (id) values ($1)', [1]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', query: 'insert into notes (id) values ($1)', params: [1] });
    const badSyntax = await prepared.query('select from where').catch((e: unknown) => e);
    expect(badSyntax).toMatchObject({ code: '42601' });
    const badInput = await prepared.query('select * from notes where id = $1', ['not a number']).catch((e) => e);
    expect(badInput).toMatchObject({ code: '22P02' });
    expect((await prepared.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
  });

  it('still runs transactions, which commit or roll back as a whole', async () => {
    await prepared
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values ($1, $2)', [10, 'kept?'], { parsers: drizzleParsers });
        throw new Error('changed my mind');
      })
      .catch(() => {});
    expect((await prepared.query('select * from notes where id = 10')).rows).toEqual([]);
    await prepared.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [11, 'kept']);
    });
    expect((await prepared.query('select body from notes where id = $1', [11])).rows).toEqual([{ body: 'kept' }]);
  });
});
