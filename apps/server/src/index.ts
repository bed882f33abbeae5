import { ConfigError, loadConfig } from './env';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

/** Process entry point: start, then close cleanly on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let running;
  try {
    running = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  // Before the ready line: whoever reads it may send a signal at once, and one
  // arriving before its handler would end the process uncleanly (lock kept, logs lost).
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  console.log(`Calm Space is running at ${running.url}`);
}

void main();
