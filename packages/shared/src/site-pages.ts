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
  '/terms',
  '/privacy-policy',
] as const;
