import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts pre-rendered HTML (decision 028), true from the
 * render after. A pre-rendered form keeps its submit button disabled until
 * then: submitted natively, before React handles it, the browser would send
 * the fields in the address (a password in the URL). A page rendered in the
 * browser is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
