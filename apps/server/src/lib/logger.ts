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

/** Lines are handed to stdout once this many characters have gathered, or after FLUSH_EVERY_MS. */
const BATCH_CHARS = 4096;
const FLUSH_EVERY_MS = 1000;

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Gathers log lines and hands them to sonic-boom (pino's asynchronous stdout)
 * a batch at a time. sonic-boom measures the byte length of everything it
 * holds on every write, so lines written to it one by one cost more than
 * building them: about 2 µs each, a twentieth of a health check.
 */
class BatchedLines {
  #lines: string[] = [];
  #chars = 0;

  constructor(readonly out: SonicBoom) {}

  write(line: string): boolean {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BATCH_CHARS) this.handOver();
    return true;
  }

  /** Gives sonic-boom what has gathered; it writes it as soon as its last write is done. */
  handOver() {
    if (this.#lines.length === 0) return;
    const batch = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    this.out.write(batch);
  }

  /** pino's `logger.flush(cb)`: everything gathered, written out, then `cb`. */
  flush(cb?: (error?: Error) => void) {
    this.handOver();
    this.out.flush(cb);
  }
}

let sharedStdout: BatchedLines | undefined;

/**
 * Standard output, written asynchronously and in batches: a request never
 * waits for its log line, and under load about forty lines go out in one
 * write instead of one write each (a write per line cost a tenth of a health
 * check's CPU). A quiet server's lines wait at most FLUSH_EVERY_MS; warnings
 * and errors none. Lines still pending are written by flushLogger on
 * shutdown, and at exit if the process ends another way. One per process,
 * whatever the number of loggers.
 */
function batchedStdout(): BatchedLines {
  if (!sharedStdout) {
    const stdout = new BatchedLines(pino.destination({ dest: 1, sync: false }));
    setInterval(() => flushPending(stdout), FLUSH_EVERY_MS).unref();
    // sonic-boom writes what it holds at exit; what is still gathered here must reach it first.
    process.on('exit', () => {
      try {
        stdout.handOver();
        stdout.out.flushSync();
      } catch {
        // Already destroyed: nothing more can be written.
      }
    });
    sharedStdout = stdout;
  }
  return sharedStdout;
}

function flushPending(stream: BatchedLines) {
  try {
    stream.flush();
  } catch {
    // Destroyed: the process is ending, and its exit handler wrote what was left.
  }
}
