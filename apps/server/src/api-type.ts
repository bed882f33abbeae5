/**
 * The one thing the web app takes from the server: the API's type, for
 * hono/client (decision 015). Import it with `import type` only; the server
 * package exports nothing else, so no server code can reach the browser bundle.
 */
export type { AppType } from './app';
