import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { mayUseAdminArea } from '../../lib/auth/second-factor';
import { storedMediaFor } from '../../lib/whatsapp/media/stored-media';

const fileParam = z.object({ fileId: z.uuid('Must be a media file id') });
const NOT_FOUND: ApiErrorBody = { error: 'Not found' };

/**
 * GET /api/media/:fileId: a message's attachment (a voice note, an image), as
 * we keep it (decision 056): to an admin, or to the member whose conversation
 * holds the message. Anyone else, a file still being fetched and a file that
 * does not exist all get the same 404: nothing about a file leaks.
 */
export function mediaRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/:fileId', access.member, validate('param', fileParam), async (c) => {
    const viewer = {
      userId: c.get('user').id,
      isAdmin: mayUseAdminArea({ roles: c.get('roles'), secondFactor: c.get('secondFactor') }),
    };
    const file = await storedMediaFor(db, c.req.valid('param').fileId, viewer);
    if (!file) return c.json(NOT_FOUND, 404);
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.mimeType,
      'content-length': String(file.content.byteLength),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      // Played or shown in the page, never rendered as a document of our origin.
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });
}
