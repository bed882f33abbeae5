import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A read the test answers by hand, so it can end after a change was saved. */
function heldRead<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('the query client', () => {
  it('reads a change back even when the first read of the query began before the change was saved', async () => {
    const client = createQueryClient();
    const firstRead = heldRead<string>();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['member', 'plan'],
      queryFn: () => (++reads === 1 ? firstRead.promise : Promise.resolve('The Space Pass')),
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // The change is saved while the first read (begun before it) is still on its way.
    const refreshed = client.invalidateQueries({ queryKey: ['member'] });
    firstRead.answer('Nothing given');
    await refreshed;

    expect(reads).toBe(2);
    expect(client.getQueryData(['member', 'plan'])).toBe('The Space Pass');
    expect(seen).not.toContain('Nothing given');
    unsubscribe();
    client.clear();
  });

  it('keeps what a screen shows while a refresh of a query with data reads again', async () => {
    const client = createQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['member', 'plan'],
      queryFn: () => Promise.resolve(++reads === 1 ? 'Nothing given' : 'The Space Pass'),
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    const refreshed = client.invalidateQueries({ queryKey: ['member'] });
    expect(client.getQueryData(['member', 'plan'])).toBe('Nothing given');
    await refreshed;
    expect(client.getQueryData(['member', 'plan'])).toBe('The Space Pass');
    unsubscribe();
    client.clear();
  });
});
