import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

const declaredLimits = new WeakMap<object, number>();

/**
 * A route's own body limit, larger than the API's usual one: a handler that
 * marks the route, as the access guards do. The input guard (request-input.ts)
 * reads the body before any route runs, so it looks for this mark among the
 * routes the request matched. For senders that are not our forms: Stripe's
 * events embed whole objects (an invoice with many lines passes 32 KB), and
 * an event refused for its size would be retried for days and never applied.
 */
export function routeBodyLimit(maxBytes: number): MiddlewareHandler {
  const mark: MiddlewareHandler = (_c, next) => next();
  declaredLimits.set(mark, maxBytes);
  return mark;
}

/** The body limit the request's route declares, if any. */
export function declaredBodyLimit(c: Context): number | undefined {
  for (const route of matchedRoutes(c)) {
    const limit = declaredLimits.get(route.handler);
    if (limit !== undefined) return limit;
  }
  return undefined;
}
