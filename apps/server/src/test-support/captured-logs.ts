import pino from 'pino';
import type { Logger } from '../lib/logger';

export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** pino's numeric levels, for asserting on what was logged. */
export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** A real pino logger whose lines are kept in memory, so a test can read what the server logged. */
export function captureLogs(level = 'info') {
  const entries: LogEntry[] = [];
  const logger: Logger = pino({ level, base: undefined }, { write: (line: string) => entries.push(JSON.parse(line)) });
  return {
    logger,
    entries,
    /** Resolves with the first entry that matches, polling until `timeoutMs` runs out. */
    async waitFor(match: (entry: LogEntry) => boolean, timeoutMs = 10_000): Promise<LogEntry> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = entries.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('expected log entry never appeared');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
