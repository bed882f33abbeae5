import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';

/** What the browser may know about this deployment: public facts only. */
export function publicConfigRoutes({ config }: AppDeps) {
  return new Hono().get('/', (c) =>
    c.json({
      googleSignIn: Boolean(config.google),
      whatsappNumber: config.whatsappNumber,
      localMode: !config.production,
    }),
  );
}
