import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import { listMailbox } from '../../lib/mail/local-mailbox';

/** Local mode only (never mounted in production): the local mailbox. */
export function devRoutes({ db }: AppDeps) {
  return new Hono().get('/mailbox', async (c) => c.json(await listMailbox(db)));
}
