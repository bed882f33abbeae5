// End-to-end tests drive Debian's Chromium. Install it when it is missing and
// we can (root with apt-get); otherwise stop with a clear message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's chromium package ` +
        '(sudo apt-get install chromium) or set CHROMIUM_PATH, then run the tests again.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the end-to-end tests (apt-get install chromium)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}

ensureChromium();
