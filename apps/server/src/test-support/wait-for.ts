/**
 * Polls until `read` gives something other than undefined (or false), and
 * returns it; for outcomes that happen in the background, such as the mail
 * outbox delivering a mail.
 */
export async function waitFor<T>(
  read: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Asks `read` until it answers `wanted` (compared as JSON) or `withinMs` has
 * passed, and returns the last answer, for the caller to assert on. For a
 * change another process makes: a server hears it as the database's notice
 * (decision 040), on PostgreSQL a moment after the write commits.
 */
export async function answerWithin<T>(read: () => Promise<T>, wanted: T, withinMs = 1000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await read();
    if (JSON.stringify(answer) === JSON.stringify(wanted) || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 10));
  }
}
