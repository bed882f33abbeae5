import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isInputRefusedByDatabase } from './database-errors';

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

describe('telling a database outage from other errors', () => {
  it.each([
    ['admin shutdown (pg_terminate_backend, restart)', pgError('57P01')],
    ['crash shutdown', pgError('57P02')],
    ['starting up', pgError('57P03')],
    ['connection exception', pgError('08006')],
    ['connection refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', pgError('ECONNRESET')],
    ['socket closed', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // as drizzle and better-auth wrap it
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x'), error]))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['bad input text', pgError('22P02')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not take %s for one', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('telling input the database refused from other errors', () => {
  it.each(['22001', '22P02', '22021', '23502', '23503', '23514'])('takes SQLSTATE %s for refused input', (code) => {
    expect(isInputRefusedByDatabase(new Error('Failed query', { cause: pgError(code) }))).toBe(true);
  });

  it.each(['23505', '57P01', '42P01', 'ECONNREFUSED'])('does not take %s for it', (code) => {
    expect(isInputRefusedByDatabase(pgError(code))).toBe(false);
  });
});
