/** The id every page layout gives its <main>, for the skip link. */
const MAIN_CONTENT_ID = 'main-content';

/** Props for a page's <main>: the skip link's target, focusable from code only. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * "Skip to main content": the first Tab stop of every page (WCAG 2.4.1), hidden
 * until focused. It moves focus itself rather than changing the address, so the
 * router's hash and scroll handling never see it; without JavaScript (a
 * pre-rendered page) the plain fragment link does the same.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus({ preventScroll: true });
        main.scrollIntoView({ block: 'start' });
      }}
      className="bg-background text-foreground focus-visible:ring-ring/50 sr-only z-100 rounded-md border px-4 py-2 text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:ring-[3px]"
    >
      Skip to main content
    </a>
  );
}
