import type { Page } from 'playwright-core';

/** The pages the build pre-renders (decision 028), each with its main heading and title. */
export const PRERENDERED = [
  { path: '/', heading: 'Find your calm when work gets loud', title: 'Calm Space — Instant calm when stress hits' },
  { path: '/how-it-works', heading: 'Calm, one message away', title: 'How It Works · Calm Space' },
  { path: '/pricing', heading: 'Simple, honest pricing', title: 'Pricing · Calm Space' },
  { path: '/success-stories', heading: 'Stories of steadier days', title: 'Success Stories · Calm Space' },
  { path: '/about', heading: 'About Calm Space', title: 'About · Calm Space' },
  { path: '/ai-coach', heading: 'How the AI coach works', title: 'How the AI coach works · Calm Space' },
  { path: '/terms', heading: 'Terms & Conditions', title: 'Terms & Conditions · Calm Space' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy · Calm Space' },
  { path: '/auth', heading: 'Welcome to Calm Space', title: 'Sign In · Calm Space' },
] as const;

/** The page's cumulative layout shift so far (every layout-shift entry, buffered). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        // No entry at all means no shift; the observer then never calls back.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

/** Waits until the session is known: the signed-out buttons replace the header's placeholder. */
export async function settledSession(page: Page, path: string) {
  const signIn = path.startsWith('/auth')
    ? page.getByRole('tab', { name: 'Sign In' })
    : page.getByRole('link', { name: 'Sign In', exact: true });
  await signIn.first().waitFor();
}
