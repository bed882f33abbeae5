import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the server reads beside its code. This module sits directly in
 * apps/server/src, and the compiled bundles sit directly in apps/server/dist
 * (scripts/build-server.mjs), so `..` from here is apps/server whether the
 * server runs from source (tests, `npm run dev`) or compiled (`npm start`).
 * Keep this file at this depth, and compute such paths nowhere else.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The committed SQL migrations, applied at start-up. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
/** The product's package.json, whose version /api/health reports. */
export const ROOT_PACKAGE_JSON = path.resolve(SERVER_DIR, '../../package.json');
/** The built web app, unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');
