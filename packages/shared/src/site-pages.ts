/**
 * The marketing and legal pages (admin-and-marketing §2): public, indexable,
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
