import {
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  type messages,
} from '@electric-sql/pglite';

/**
 * PGlite runs every `query()` as six protocol steps (parse, describe, bind,
 * describe, execute, sync), planning the statement each time, and it copies
 * its whole table of parsers when a query brings its own, as drizzle-orm's
 * session does for every query. On the hot paths that cost more than the
 * queries themselves. This gives the client what node-postgres and
 * PostgreSQL do with named statements:
 *
 * - each distinct statement outside a transaction is parsed, described and
 *   planned once (`Parse` with a name), then run as bind + execute + sync in
 *   a single call, under the same locks `query()` takes;
 * - drizzle's parsers (dates, times and intervals read as text) are installed
 *   on the client once, so no query carries its own; the client serves drizzle
 *   only, so every query reads those types as text.
 *
 * Results have the shape `query()` gives. Transactions, and queries with
 * options other than row mode and those parsers, take PGlite's own path.
 */

/** The types drizzle-orm's PGlite session reads as raw text, with a parser per query. */
const RAW_TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

/** Enough for every statement the app has; past it, new ones run unprepared. */
const MAX_STATEMENTS = 1000;

/**
 * A statement prepared before a schema change can no longer run as prepared
 * ("cached plan must not change result type", or gone after DISCARD): it is
 * forgotten and the query runs unprepared.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  paramTypes: number[];
  /** The result's columns, from the statement's description (none for a command without RETURNING). */
  fields: Field[];
}

type Query = PGlite['query'];
const { serialize } = protocol;

/** True when the options ask for nothing beyond a row mode and the installed parsers. */
function plainOptions(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  for (const key of Object.keys(options) as (keyof QueryOptions)[]) {
    if (options[key] === undefined || key === 'rowMode') continue;
    if (key !== 'parsers') return false;
    for (const oid of Object.keys(options.parsers!)) if (!RAW_TEXT_TYPES.has(Number(oid))) return false;
  }
  return true;
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  return options?.parsers && plainOptions(options) ? { ...options, parsers: undefined } : options;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

type Field = { name: string; dataTypeID: number };

function parseValue(value: string | null, field: Field, parsers: PGlite['parsers']) {
  if (value === null) return null;
  const parser = parsers[field.dataTypeID];
  return parser ? parser(value, field.dataTypeID) : value;
}

/** The first result of an execution, as PGlite's query() builds it; `fields` from the statement's description. */
function toResults<T>(
  backendMessages: messages.BackendMessage[],
  fields: Field[],
  parsers: PGlite['parsers'],
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  const rows: unknown[] = [];
  for (const message of backendMessages) {
    if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields;
      if (rowMode === 'array') {
        const row = new Array(values.length);
        for (let i = 0; i < values.length; i++) row[i] = parseValue(values[i]!, fields[i]!, parsers);
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = parseValue(values[i]!, fields[i]!, parsers);
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as messages.CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows: rows as Results<T>['rows'],
        fields,
        command,
        affectedRows: counted ? count : 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      };
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/** Adds what PGlite's query() adds to a database error, so messages and logs stay the same. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options?: QueryOptions) {
  if (error instanceof Error && 'severity' in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** Installs prepared statements and drizzle's parsers on `client` (see above); returns it. */
export function withPreparedStatements(client: PGlite): PGlite {
  for (const oid of RAW_TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  const statements = new Map<string, Statement>();
  let named = 0;
  const originalQuery: Query = client.query.bind(client);

  async function prepare(text: string): Promise<Statement | undefined> {
    let statement = statements.get(text);
    if (statement || statements.size >= MAX_STATEMENTS) return statement;
    const name = `calm_${++named}`;
    const { messages: described } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = described.find((m) => m.name === 'parameterDescription') as
      messages.ParameterDescriptionMessage | undefined;
    const columns = described.find((m) => m.name === 'rowDescription') as messages.RowDescriptionMessage | undefined;
    statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      fields: columns?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
    };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(statement: Statement, params: unknown[], rowMode: QueryOptions['rowMode']) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages: results } = await client.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
    );
    return toResults<T>(results, statement.fields, client.parsers, rowMode);
  }

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!plainOptions(options)) return originalQuery<T>(text, params, options);
    await client._checkReady();
    return client
      ._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          try {
            const statement = await prepare(text);
            if (!statement) return undefined;
            return await run<T>(statement, params, options?.rowMode);
          } catch (error) {
            if (STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) {
              statements.delete(text);
              return undefined;
            }
            throw withQuery(error, text, params, options);
          }
        }),
      )
      .then((result) => result ?? originalQuery<T>(text, params, withoutParsers(options)));
  }) as Query;

  // Inside a transaction PGlite's own path runs the statements, without the parser copies.
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery: Query = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutParsers(options))) as Query;
      return callback(tx);
    });
  return client;
}
