/**
 * A full page load, outside the router: used where the spec wants every
 * in-memory state dropped (sign-out) or the page leaves the app (provider sign-in).
 * One function so tests can observe it; jsdom cannot navigate.
 */
export function loadPage(url: string): void {
  window.location.assign(url);
}
