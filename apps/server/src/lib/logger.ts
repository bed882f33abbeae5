import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never write credentials or session cookies into the logs.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'newPassword', 'token'],
  });
}
