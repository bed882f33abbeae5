// The Chromium that tests and the web audit drive: Debian's packages, kept off
// the network (this machine may have none) and allowed to run as root.

/** The desktop browser, run headless: renders text and grants permissions as members' Chromium does. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same engine
 * and version without the desktop browser's layers): the end-to-end tests' browser,
 * about a third less CPU a page (decision 068). Two things it does not do as the
 * desktop browser does, so the tests about them use CHROMIUM_PATH: text is laid
 * out with its own font settings (a line may wrap elsewhere), and it has no
 * notifications to grant.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
