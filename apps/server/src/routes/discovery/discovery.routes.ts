import { Hono } from 'hono';
import { MARKETING_PATHS } from '@app/shared';
import type { AppDeps } from '../../app-deps';

/** The public, indexable pages of the web app (docs/product.md#public-site). */
export const SITEMAP_PATHS = MARKETING_PATHS;

/** Member, admin and one-off screens: nothing there for a search engine. */
export const DISALLOWED_PATHS = [
  '/admin',
  '/dashboard',
  '/profile',
  '/subscription',
  '/onboarding',
  '/auth/callback',
  '/dev',
  '/api/',
] as const;

/**
 * robots.txt and sitemap.xml. They need absolute addresses, and only the server
 * knows the deployment's public address (PUBLIC_URL), so they are built here
 * rather than shipped as static files.
 */
export function discoveryRoutes({ config }: AppDeps) {
  const origin = config.publicUrl;
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  return new Hono()
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robots);
    })
    .get('/sitemap.xml', (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
