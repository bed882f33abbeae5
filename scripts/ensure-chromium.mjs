// End-to-end tests drive Debian's Chromium and its headless shell. Install
// them when they are missing and we can (root with apt-get); otherwise stop
// with a clear message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.mjs';

const BROWSERS = [
  { path: CHROMIUM_PATH, pkg: 'chromium', variable: 'CHROMIUM_PATH' },
  { path: HEADLESS_SHELL_PATH, pkg: 'chromium-headless-shell', variable: 'CHROMIUM_HEADLESS_SHELL_PATH' },
];

function ensureChromium() {
  const missing = BROWSERS.filter((browser) => !fs.existsSync(browser.path));
  if (missing.length === 0) return;
  const packages = missing.map((browser) => browser.pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    for (const browser of missing) {
      console.error(`${browser.pkg} was not found at ${browser.path}: install it or set ${browser.variable}.`);
    }
    console.error(`Install Debian's packages (sudo apt-get install ${packages.join(' ')}), then run the tests again.`);
    process.exit(1);
  }
  console.log(`Installing the end-to-end tests' browsers (apt-get install ${packages.join(' ')})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  const still = missing.filter((browser) => !fs.existsSync(browser.path));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map((browser) => browser.path).join(' and ')} is still missing.`);
    process.exit(1);
  }
}

ensureChromium();
