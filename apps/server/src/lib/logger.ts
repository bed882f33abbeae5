import pino from 'pino';

export type Logger = pino.Logger;

/** Writes JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Never write credentials or session cookies into the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'newPassword', 'token'],
    },
    destination,
  );
}
