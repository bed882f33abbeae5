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
    // Asynchronous: a request never waits for its log line to reach stdout.
    // Lines still pending are written by flushLogger on shutdown, and by
    // sonic-boom's own exit handler if the process ends another way.
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** Writes out every log line still buffered; call before the process exits. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
