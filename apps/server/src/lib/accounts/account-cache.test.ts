import { describe, expect, it } from 'vitest';
import { createAccountCache, type SessionAccount } from './account-cache';
import type { BusListener, BusResumed, RealtimeBus, RealtimeEvent } from '../realtime/bus';

/**
 * The account cache's rules (decision 040), against a bus whose state the
 * test sets: what the database says changed is forgotten, nothing is served
 * or kept while the bus may be missing notices, and an answer read while a
 * notice arrived is never kept.
 */
function fakeBus() {
  const listeners = new Set<BusListener>();
  const bus: RealtimeBus & { state: number | null; emit(event: RealtimeEvent | BusResumed): void } = {
    state: 1,
    publish: async () => {},
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hearing: () => bus.state,
    close: async () => {},
    emit: (event) => listeners.forEach((listener) => listener(event)),
  };
  return bus;
}

const account = (id: string, roles: SessionAccount['roles'] = ['user']): SessionAccount => ({
  user: { id, email: `${id}@example.com`, name: id, emailVerified: true },
  roles,
  secondFactor: 'not-enrolled',
  expiresAt: Date.now() + 60_000,
});

function setUp(ttlMs = 5_000, maxEntries = 10_000) {
  const bus = fakeBus();
  let clock = 1_000_000;
  const cache = createAccountCache({ bus, ttlMs, maxEntries, now: () => clock });
  const remember = (token: string, value: SessionAccount) => cache.store(token, cache.ticket(), value);
  return { bus, cache, remember, advance: (ms: number) => (clock += ms) };
}

describe('the account cache', () => {
  it('serves what the database answered, frozen, until the database says the account changed', () => {
    const { bus, cache, remember } = setUp();
    remember('token-a1', account('a'));
    remember('token-a2', account('a'));
    remember('token-b', account('b'));
    const served = cache.get('token-a1')!;
    expect(served.user.id).toBe('a');
    expect(Object.isFrozen(served.roles)).toBe(true);
    expect(() => (served.roles as string[]).push('admin')).toThrow();

    bus.emit({ kind: 'session_ended', user_id: 'a' });
    expect(cache.get('token-a1')).toBeUndefined();
    expect(cache.get('token-a2')).toBeUndefined();
    expect(cache.get('token-b')?.user.id).toBe('b');
  });

  it('forgets an account changed by this instance at once', () => {
    const { cache, remember } = setUp();
    remember('token-a', account('a', ['admin', 'user']));
    cache.forget('a');
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('keeps no answer read while a notice arrived: it may predate the change', () => {
    const { bus, cache } = setUp();
    const ticket = cache.ticket();
    // The read is under way when another account's or this account's change is heard.
    bus.emit({ kind: 'session_ended', user_id: 'someone' });
    cache.store('token-a', ticket, account('a'));
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('serves and keeps nothing while the bus is cut off, and nothing from before a reconnect', () => {
    const { bus, cache, remember } = setUp();
    remember('token-a', account('a'));
    bus.state = null;
    expect(cache.get('token-a')).toBeUndefined();
    remember('token-b', account('b'));
    expect(cache.size).toBe(0);

    // A read begun before the cut and finished after the reconnect is not kept either.
    bus.state = 1;
    remember('token-a', account('a'));
    const ticket = cache.ticket();
    bus.state = null;
    bus.state = 2;
    cache.store('token-c', ticket, account('c'));
    expect(cache.get('token-c')).toBeUndefined();
    // What was kept under the old connection is not served under the new one.
    expect(cache.get('token-a')).toBeUndefined();
    remember('token-a', account('a'));
    expect(cache.get('token-a')?.user.id).toBe('a');
    bus.emit({ kind: 'resumed', since: new Date() });
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('drops an entry after its time to live, notice or not', () => {
    const { cache, remember, advance } = setUp(5_000);
    remember('token-a', account('a'));
    advance(5_000);
    expect(cache.get('token-a')?.user.id).toBe('a');
    advance(1);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { cache, remember } = setUp(5_000, 2);
    remember('token-a', account('a'));
    remember('token-b', account('b'));
    remember('token-c', account('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('token-a')).toBeUndefined();
    expect(cache.get('token-c')?.user.id).toBe('c');
  });
});
