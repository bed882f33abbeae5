/**
 * A full page load, outside the router: used where the spec wants every
 * in-memory state dropped (sign-out) or the page leaves the app (provider sign-in),
 * and by the marketing pages, which have no router (app-navigation.tsx).
 * One module so tests can observe it; jsdom cannot navigate.
 */
export function loadPage(url: string, { replace = false } = {}): void {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}

/**
 * Loads `url` as a new page whose history entry carries `state`, written the way
 * React Router keeps it ({ usr, key, idx }), so the SPA reads it as the navigation's
 * state on arrival (the sign-up prefill, which never goes into an address). The
 * entry is added (or replaces this one), then loaded: a reload keeps its state.
 */
export function loadPageWithState(url: string, state: unknown, { replace = false } = {}): void {
  const entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: 0 };
  if (replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  window.location.reload();
}
