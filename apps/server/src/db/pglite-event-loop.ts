import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

type Query = PGlite['query'];

/** Resolves after the event loop has had a turn: timers, sockets and other I/O callbacks run first. */
export const nextEventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs in this thread, and its queries resolve as microtasks: a chain
 * of them (the outbox worker going through a thousand inbound events, each a
 * few statements) never lets the event loop reach its I/O. Measured: a
 * webhook's 200, written when its handler returned, reached the sender 11 s
 * later, once the worker had run out of rows. PostgreSQL answers over a
 * socket, so the loop turns between any two of its queries; this gives
 * PGlite the same, a turn before each statement, inside transactions too.
 * Returns `client`.
 */
export function withEventLoopTurns(client: PGlite): PGlite {
  const query: Query = client.query.bind(client);
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    await nextEventLoopTurn();
    return query<T>(text, params, options);
  }) as Query;

  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery: Query = tx.query.bind(tx);
      tx.query = (async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        await nextEventLoopTurn();
        return txQuery<R>(text, params, options);
      }) as Query;
      return callback(tx);
    });
  return client;
}
