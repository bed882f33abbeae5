/**
 * Asks, all at once, for the modules a pre-rendered page's HTML lists as data
 * (`<script type="application/json" id="page-modules">`, written by
 * scripts/prerender-web.mjs for /auth). Listed as data rather than as preload
 * links, they are fetched only when this runs: after the first paint (decision 045).
 */
export function preloadListedModules(): void {
  const list = document.getElementById('page-modules')?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
