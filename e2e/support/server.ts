import { inject } from 'vitest';

/**
 * The address of this worker's own server. End-to-end files run in parallel,
 * one per worker, and each worker has its own server process, port and data
 * directory (global-setup.ts): use this, never inject('baseUrl'), so a test's
 * API calls, mailbox reads and browser pages all reach the same server.
 */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  return urls[workerIndex() % urls.length]!;
}

/** This worker's number from 0, stable for the worker's life: its server and its browser are picked by it. */
export function workerIndex(): number {
  // 1 to maxWorkers (Vitest sets it).
  return Number(process.env.VITEST_POOL_ID ?? '1') - 1;
}

/** POSTs JSON to this worker's server as the web app would (its Origin), returning the response. */
export function postJson(path: string, body: unknown, url = baseUrl()): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
}
