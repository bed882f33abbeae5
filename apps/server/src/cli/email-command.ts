import { ConfigError, loadConfig } from '../env';
import { openDatabase, type Database } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';

/**
 * What every operator command that takes one address shares: the address
 * from the command line (usage and exit 2 without one), the configured
 * database opened and closed again, and a clear one-line message with exit 1
 * for a data directory a running server holds or a configuration error.
 * `run` sets process.exitCode itself when the address gets nowhere.
 */
export function runEmailCommand(usage: string, run: (db: Database, email: string) => Promise<void>): void {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  void (async () => {
    try {
      const config = loadConfig();
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        await run(database.db, email);
      } finally {
        await database.close();
      }
    } catch (error) {
      if (error instanceof DataDirLockedError || error instanceof ConfigError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  })();
}
