import { isDatabaseUnavailable, isInputRefusedByDatabase, sqlStateOf } from '../database-errors';
import type { Logger } from '../logger';

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;

/**
 * better-auth's log lines, written through our logger without personal data
 * and at the level they deserve.
 *
 * - Errors arrive as drizzle errors whose message and `params` hold the
 *   values of the failed query (a name, an address): only their type and the
 *   database's SQLSTATE are kept. Addresses in better-auth's own messages
 *   ("Sign-up attempt for existing email: …") become "[email]".
 * - What a client sent wrongly (a foreign Origin, a callback URL elsewhere, a
 *   value the database refused) is a warning: anyone can send it, and an error
 *   line should mean something here needs fixing. An error stays an error when
 *   it carries a fault of ours: the database unreachable, or any other failure.
 */
export function authLogger(logger: Logger) {
  return {
    log(level: AuthLogLevel, message: string, ...args: unknown[]) {
      logger[levelFor(level, args)]({ details: args.map(withoutPersonalData) }, `auth: ${redactEmails(message)}`);
    },
  };
}

function levelFor(level: AuthLogLevel, args: unknown[]): AuthLogLevel {
  if (level !== 'error') return level;
  const errors = args.filter((arg) => arg instanceof Error || (arg && typeof arg === 'object' && 'cause' in arg));
  const ours = errors.some((error) => isDatabaseUnavailable(error) || !isInputRefusedByDatabase(error));
  return ours ? 'error' : 'warn';
}

function redactEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** What may be logged of one argument: a text without addresses, an error's type and SQLSTATE, nothing else. */
function withoutPersonalData(arg: unknown): unknown {
  if (typeof arg === 'string') return redactEmails(arg);
  if (typeof arg === 'number' || typeof arg === 'boolean' || arg == null) return arg;
  if (typeof arg !== 'object') return typeof arg;
  return { type: (arg as Error).name ?? arg.constructor?.name, sqlState: sqlStateOf(arg) };
}
