/**
 * The marketing and legal pages (docs/product.md#public-site): public, indexable,
 * listed in the sitemap, and free of anything a visitor must be signed in for.
 */
export const MARKETING_PATHS = [
  '/',
  '/how-it-works',
  '/pricing',
  '/success-stories',
  '/about',
  '/ai-coach',
  '/terms',
  '/privacy-policy',
] as const;

/**
 * The origin written into the pre-rendered pages' canonical and sharing links at
 * build time, when the deployment's public address is not known yet; the server
 * puts its PUBLIC_URL in its place when it reads the pages at start-up.
 */
export const PRERENDER_ORIGIN = 'https://prerendered-origin.invalid';
