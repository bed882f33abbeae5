/** The tab's text, shared by PageTitle (signed-in screens) and PageHead (public pages, kept free of the unread count). */
export const SITE_NAME = 'Calm Space';
export const SITE_TAGLINE = 'Instant calm when stress hits';

/** "Pricing · Calm Space", or the name and tagline for the home page. Shared by PageTitle and PageHead. */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — ${SITE_TAGLINE}`;
}
