import type { Context, Hono, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { ApiErrorBody } from '@app/shared';
import type { AppDeps } from '../app-deps';
import type { AppEnv } from '../app-env';
import type { WebhookVerifier } from '../lib/webhooks/verifier';
import { requireAdmin, requireUser } from './auth-guards';

/**
 * Who may call an API route. Every route declares one as its first handler:
 *
 *   const access = routeAccess(deps);
 *   new Hono<AppEnv>().get('/', access.member, validate(...), handler)
 *
 * The same middleware enforces the level and marks the route with it, so the
 * authorization matrix (authorization-matrix.test.ts) reads each route's level
 * from the built app, calls it as every kind of caller, and fails for a route
 * that declares none. Being first, the guard answers before any validation:
 * a signed-out caller learns nothing about what a valid body looks like.
 */
export const ACCESS_LEVELS = ['public', 'member', 'admin', 'local-only', 'webhook'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

const declaredLevels = new WeakMap<object, AccessLevel>();

function declare(level: AccessLevel, guard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  declaredLevels.set(guard, level);
  return guard;
}

/** How each webhook guard checks its sender, and the status it refuses with, for the authorization matrix. */
const declaredVerifiers = new WeakMap<object, { description: string; refusalStatus: WebhookRefusalStatus }>();

/** The status a webhook guard refuses with: its sender's convention (Stripe 400, Meta's signature 401). */
export type WebhookRefusalStatus = 400 | 401 | 403;

export interface WebhookGuardOptions {
  /** 400 unless given. */
  refusalStatus?: WebhookRefusalStatus;
  /** The refusal's message; "Invalid signature" unless given. */
  refusalMessage?: string;
  /** Called on each refusal, before the answer: where a sender's refusals are raised as an alert. */
  onRefused?: (c: Context<AppEnv>) => void;
}

/** The level a route handler declares, if it is an access guard. */
export function accessLevelOf(handler: unknown): AccessLevel | undefined {
  return typeof handler === 'function' ? declaredLevels.get(handler) : undefined;
}

export const SUBSCRIPTION_SIGNED_OUT_MESSAGE = 'User must be logged in';
const NOT_FOUND: ApiErrorBody = { error: 'Not found' };
const BAD_SIGNATURE: ApiErrorBody = { error: 'Invalid signature' };

export function routeAccess({
  auth,
  db,
  config,
  accountCache,
}: Pick<AppDeps, 'auth' | 'db' | 'config' | 'accountCache'>) {
  return {
    /** Anyone, signed in or not. */
    public: declare('public', (_c, next) => next()),
    /** 401 unless signed in to an active account. Handlers read `c.get('user')`. */
    member: declare('member', requireUser(auth, db, accountCache)),
    /**
     * The same, for the subscription actions (docs/product.md#subscription): their
     * refusal without a session is their own, 401 "User must be logged in".
     */
    memberForSubscription: declare('member', requireUser(auth, db, accountCache, SUBSCRIPTION_SIGNED_OUT_MESSAGE)),
    /** 401 unless signed in; 403 unless the account holds the admin role (as the database says, decision 040). */
    admin: declare('admin', every(requireUser(auth, db, accountCache), requireAdmin())),
    /**
     * Local mode only. Such routers are not even mounted in production (app.ts);
     * this answers as the missing route would, should one ever be.
     */
    localOnly: declare('local-only', async (c, next) => {
      if (config.production) return c.json(NOT_FOUND, 404);
      await next();
    }),
    /**
     * Called by another service rather than a browser: no session, but the
     * sender's signature over the raw body, checked by its verifier (400 when
     * it fails, as Stripe and Meta expect; a sender not configured here has a
     * verifier that refuses all, lib/webhooks/verifier.ts). The route reads the
     * body itself, after this: the bytes request-input kept, not re-serialised JSON.
     * A sender that expects another refusal (Meta: 401 for a bad signature, 403
     * for a failed handshake) says so in `options`.
     */
    webhook: (verifier: WebhookVerifier, options: WebhookGuardOptions = {}) => {
      const refusalStatus = options.refusalStatus ?? 400;
      const guard = declare('webhook', async (c, next) => {
        const raw = new Uint8Array(await c.req.arrayBuffer());
        const verified = await verifier.verify(
          raw,
          (name) => c.req.header(name),
          (name) => c.req.query(name),
        );
        if (!verified) {
          options.onRefused?.(c);
          return c.json(options.refusalMessage ? { error: options.refusalMessage } : BAD_SIGNATURE, refusalStatus);
        }
        await next();
      });
      declaredVerifiers.set(guard, { description: verifier.description, refusalStatus });
      return guard;
    },
  };
}

/** One API endpoint of a built app, with the access its handlers declare. */
export interface ApiEndpoint {
  method: string;
  path: string;
  /** Every level declared among the endpoint's own handlers (exactly one when correct). */
  levels: AccessLevel[];
  /** Whether the declared guard is the endpoint's first handler. */
  guardFirst: boolean;
  /** A webhook route's verifier, as it describes itself. */
  verifier?: string;
  /** The status a webhook route refuses a caller without the sender's proof with. */
  refusalStatus?: WebhookRefusalStatus;
}

/**
 * The registry: every endpoint under /api of the built app, read from
 * `app.routes`. Middleware added with `.use()` and catch-alls (`.all('/x/*')`)
 * register under method ALL with a wildcard path and are not endpoints.
 */
export function apiEndpointsOf(app: Hono<AppEnv>): ApiEndpoint[] {
  const endpoints = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/')) continue;
    if (route.method === 'ALL' && route.path.endsWith('*')) continue;
    const key = `${route.method} ${route.path}`;
    const endpoint = endpoints.get(key) ?? { method: route.method, path: route.path, handlers: [] };
    endpoint.handlers.push(route.handler);
    endpoints.set(key, endpoint);
  }
  return [...endpoints.values()].map(({ method, path, handlers }) => {
    const levels = handlers.map(accessLevelOf).filter((level) => level !== undefined);
    const webhook = handlers.map((h) => declaredVerifiers.get(h as object)).find(Boolean);
    return {
      method,
      path,
      levels,
      guardFirst: accessLevelOf(handlers[0]) !== undefined,
      verifier: webhook?.description,
      refusalStatus: webhook?.refusalStatus,
    };
  });
}
