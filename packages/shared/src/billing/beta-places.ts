/**
 * The Free Beta Access places as the public pages show them (decision 038).
 *
 * The figures are live (BETA_SEATS and the places taken), yet the public pages
 * are pre-rendered at build time (decision 028). So the build renders each text
 * as a placeholder (`BETA_COPY_PLACEHOLDERS`), and the server fills in the live
 * texts and the figures' JSON (read by the browser before it hydrates) with
 * `fillBetaPlaces`. Browser and server both take the texts from `betaCopy`, so
 * the hydrated page says exactly what the served HTML said.
 */
export interface BetaPlaces {
  seats: number;
  left: number;
}

/** The id of the `<script type="application/json">` element holding the figures in every served page. */
export const BETA_PLACES_ELEMENT_ID = 'beta-places';

/** Every text the public pages show about the places (docs/product.md#audience-and-promise). */
export function betaCopy({ seats, left }: BetaPlaces) {
  const joined = Math.max(0, seats - left);
  return {
    seats: String(seats),
    joined: String(joined),
    /** "35 spots left" (the landing page's beta section). */
    spotsLeft: left > 0 ? `${left} spots left` : 'no spots left',
    /** "35 of 50 spots left" (hero, pricing, exit offer). */
    spotsOfSeats: left > 0 ? `${left} of ${seats} spots left` : `all ${seats} spots taken`,
    /** The beta section's bar: how much of it is filled. */
    joinedPercent: `${seats > 0 ? Math.round((joined / seats) * 100) : 100}%`,
  };
}

export type BetaCopy = ReturnType<typeof betaCopy>;

const placeholder = (key: string) => `%%beta-${key}%%`;
const COPY_KEYS = Object.keys(betaCopy({ seats: 1, left: 1 })) as (keyof BetaCopy)[];

/** What the build renders in place of each text; only `fillBetaPlaces` turns them into figures. */
export const BETA_COPY_PLACEHOLDERS = Object.fromEntries(COPY_KEYS.map((key) => [key, placeholder(key)])) as BetaCopy;

/** The content of the figures' JSON element in the page template (apps/web/index.html). */
export const BETA_PLACES_JSON_PLACEHOLDER = placeholder('json');

/** Fills the live figures into a page: every text placeholder and the JSON element's content. */
export function fillBetaPlaces(html: string, places: BetaPlaces): string {
  const copy = betaCopy(places);
  let filled = html.replaceAll(BETA_PLACES_JSON_PLACEHOLDER, JSON.stringify(places));
  for (const key of COPY_KEYS) filled = filled.replaceAll(placeholder(key), copy[key]);
  return filled;
}
