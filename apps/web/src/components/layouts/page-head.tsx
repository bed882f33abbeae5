import { useEffect } from 'react';
import { PRERENDER_ORIGIN } from '@app/shared';
import { documentTitle, SITE_NAME } from './document-title';

interface PageHeadProps {
  /** The page's own name; leave out on the home page to get the name and tagline. */
  title?: string;
  description: string;
  /** The route, e.g. "/pricing"; made absolute with the site's origin. */
  path: string;
  /** Keep the page out of search results (the not-found page). */
  noIndex?: boolean;
}

/** The sharing image in apps/web/public (1200 × 630). */
const OG_IMAGE_PATH = '/og-image.png';

/**
 * Title, description, canonical link and sharing tags for a public page.
 * React 19 hoists these elements into <head> and removes them when the page unmounts.
 */
export function PageHead({ title, description, path, noIndex = false }: PageHeadProps) {
  // At build time (pre-rendering) there is no window; the server swaps in its public address.
  const origin = typeof window === 'undefined' ? PRERENDER_ORIGIN : window.location.origin;
  const url = `${origin}${path}`;
  const fullTitle = documentTitle(title);

  // index.html carries defaults for crawlers that do not run scripts; once a page
  // names itself, those would only be duplicates.
  useEffect(() => {
    document.head.querySelectorAll('[data-default-head]').forEach((element) => element.remove());
  }, []);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {/* The not-found page answers at any address: it names none, so its pre-rendered head fits them all. */}
      {noIndex ? null : <meta property="og:url" content={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:image" content={`${origin}${OG_IMAGE_PATH}`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content="en_GB" />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
