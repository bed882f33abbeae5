import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps each call's context (the endpoint, the request state, the
 * adapter of a running transaction) in three AsyncLocalStorage instances. On
 * Node 20 an AsyncLocalStorage, once used, turns on promise hooks for the whole
 * process and never turns them off: every promise of every request pays for
 * them from the first sign-in on, about 15 µs of a health check's 100 (Node 22's
 * AsyncContextFrame makes them nearly free).
 *
 * These instances turn the hooks off again once no better-auth call is
 * running, and the next call turns them on: reads that never call better-auth
 * (every route but /api/auth/* and the few that call `auth.api`) run without
 * them. better-auth awaits all of its work inside its calls in our setup (no
 * `advanced.backgroundTasks`, no plugin running work in the background), so
 * nothing of it looks for its context once the last call has settled.
 */
class AuthCallStorage<T> extends AsyncLocalStorage<T> {
  override run<R>(store: T, callback: () => R): R;
  override run<R, TArgs extends unknown[]>(store: T, callback: (...args: TArgs) => R, ...args: TArgs): R;
  override run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    running++;
    enabled = true;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      settled();
      throw error;
    }
    if (result instanceof Promise) result.then(settled, settled);
    else settled();
    return result;
  }
}

const storages: AuthCallStorage<unknown>[] = [];
let running = 0;
let enabled = false;
let checkScheduled = false;

function settled() {
  running--;
  if (running > 0 || checkScheduled) return;
  // Once the calls' own continuations have run, not in the middle of them.
  checkScheduled = true;
  setImmediate(() => {
    checkScheduled = false;
    if (running > 0) return;
    for (const storage of storages) storage.disable();
    enabled = false;
  });
}

/** Where better-auth keeps its shared state (@better-auth/core's context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
const STORAGE_KEYS = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'] as const;

/**
 * Gives better-auth these instances; call before its first call (it creates
 * its own only where none is set). better-auth makes its shared state lazily,
 * during its asynchronous start-up: if it is not there yet it is made here in
 * the same shape (better-auth then writes its version into it). Returns
 * whether they are in use: should better-auth ever keep them elsewhere, it
 * simply uses its own, as before.
 */
export function scopeAuthCallContexts(): boolean {
  const holder = globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>;
  holder[BETTER_AUTH_GLOBAL] ??= { version: '', epoch: 1, context: {} } as { context: Record<string, unknown> };
  const context = holder[BETTER_AUTH_GLOBAL].context;
  if (!context) return false;
  for (const key of STORAGE_KEYS) {
    if (!context[key]) {
      const storage = new AuthCallStorage<unknown>();
      storages.push(storage);
      context[key] = storage;
    }
  }
  return STORAGE_KEYS.every((key) => context[key] instanceof AuthCallStorage);
}

/** Whether the instances are switched on (tests): from a call's start until every call has settled. */
export function authCallContextsEnabled(): boolean {
  return enabled;
}
