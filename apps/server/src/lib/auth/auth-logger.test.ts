import { describe, expect, it } from 'vitest';
import { captureLogs, LOG_LEVEL } from '../../test-support/captured-logs';
import { authLogger } from './auth-logger';

/** What a failed insert looks like by the time better-auth logs it: drizzle's error, the driver's as its cause. */
function failedQuery(sqlState: string) {
  const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: sqlState });
  return Object.assign(
    new Error('Failed query: insert into "users" ("name", "email") values ($1, $2)\nparams: Ada\u0000,ada@example.com'),
    { query: 'insert into "users" ("name", "email") values ($1, $2)', params: ['Ada\u0000', 'ada@example.com'] },
    { cause: driverError },
  );
}

describe('better-auth’s log lines', () => {
  it('log a value the database refused at warn, with its SQLSTATE and none of the values', () => {
    const logs = captureLogs();
    authLogger(logs.logger).log('error', 'Failed to create user', failedQuery('22021'));
    expect(logs.entries).toEqual([
      expect.objectContaining({
        level: LOG_LEVEL.warn,
        msg: 'auth: Failed to create user',
        details: [{ type: 'Error', sqlState: '22021' }],
      }),
    ]);
    expect(JSON.stringify(logs.entries)).not.toMatch(/ada|Ada/);
  });

  it('keep an error of ours at error: the database unreachable, or any other failure', () => {
    const logs = captureLogs();
    authLogger(logs.logger).log('error', 'Failed to create user', failedQuery('57P01'));
    authLogger(logs.logger).log('error', 'Something broke', new TypeError('x is undefined'));
    expect(logs.entries.map((e) => e.level)).toEqual([LOG_LEVEL.error, LOG_LEVEL.error]);
  });

  it('log a complaint about the request itself at warn, addresses replaced', () => {
    const logs = captureLogs();
    authLogger(logs.logger).log('error', 'Invalid origin: https://evil.example');
    authLogger(logs.logger).log('info', 'Sign-up attempt for existing email: ada@example.com');
    expect(logs.entries).toEqual([
      expect.objectContaining({ level: LOG_LEVEL.warn, msg: 'auth: Invalid origin: https://evil.example' }),
      expect.objectContaining({ level: LOG_LEVEL.info, msg: 'auth: Sign-up attempt for existing email: [email]' }),
    ]);
  });
});
