import { Hono } from 'hono';
import type { AppConfigDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';

/** What the browser may know about this deployment: public facts only. */
export function publicConfigRoutes(deps: AppDeps) {
  const { config } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.public, (c) => {
    const body: AppConfigDto = {
      google_sign_in: Boolean(config.google),
      whatsapp_number: config.whatsappNumber,
      local_mode: !config.production,
    };
    return c.json(body);
  });
}
