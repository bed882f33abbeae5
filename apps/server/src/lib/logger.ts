import pino from 'pino';

export type Logger = pino.Logger;

/** pino's number for `warn`: lines at this level or above are written at once. */
const WARN = 40;

/** Writes JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const stream = destination ?? batchedStdout();
  return pino(
    {
      level,
      base: undefined,
      // Never write credentials or session cookies into the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'newPassword', 'token'],
      hooks: {
        logMethod(args, method, levelNumber) {
          method.apply(this, args);
          // A warning or an error is not left waiting for the next batch.
          if (levelNumber >= WARN && sharedStdout && stream === sharedStdout) flushPending(sharedStdout);
        },
      },
    },
    stream,
  );
}

/** Writes out every log line still buffered; call before the process exits. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}

/** Lines are written once this many bytes have gathered, or after FLUSH_EVERY_MS. */
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

type Stdout = ReturnType<typeof pino.destination>;
let sharedStdout: Stdout | undefined;

/**
 * Standard output, written asynchronously and in batches: a request never
 * waits for its log line, and under load about forty lines go out in one
 * write instead of one write each (a write per line cost a tenth of a health
 * check's CPU). A quiet server's lines wait at most FLUSH_EVERY_MS; warnings
 * and errors none. Lines still pending are written by flushLogger on
 * shutdown, and by sonic-boom's own exit handler if the process ends another
 * way. One per process, whatever the number of loggers.
 */
function batchedStdout(): Stdout {
  if (!sharedStdout) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
    setInterval(() => flushPending(stream), FLUSH_EVERY_MS).unref();
    sharedStdout = stream;
  }
  return sharedStdout;
}

function flushPending(stream: Stdout) {
  try {
    stream.flush();
  } catch {
    // Destroyed: the process is ending, and its exit handler wrote what was left.
  }
}
