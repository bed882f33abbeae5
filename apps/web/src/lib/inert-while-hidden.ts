/** The attribute Radix's menus, selects and dialogs put on everything they hide (the aria-hidden package's marker). */
const HIDDEN_MARKER = 'data-aria-hidden';
/** Ours: marks the elements this module made inert, so it only ever undoes its own work. */
const OUR_MARKER = 'data-inert-while-hidden';

/**
 * While a menu, select or dialog is open, Radix hides the rest of the page from
 * assistive technology with aria-hidden, but leaves its buttons and links
 * focusable: content that is hidden yet reachable (axe's aria-hidden-focus).
 * This makes each element Radix hides also `inert`, and lifts it when Radix
 * shows the element again. Mutation observers run before Radix's own deferred
 * focus return, so focus can go back to the trigger when the menu closes.
 * Call once in the browser; answers a function that stops it.
 */
export function keepHiddenContentInert(root: HTMLElement = document.body): () => void {
  const apply = (element: Element) => {
    if (!(element instanceof HTMLElement)) return;
    const hidden = element.getAttribute(HIDDEN_MARKER) === 'true';
    if (hidden && !element.inert) {
      element.inert = true;
      element.setAttribute(OUR_MARKER, '');
    } else if (!hidden && element.hasAttribute(OUR_MARKER)) {
      element.inert = false;
      element.removeAttribute(OUR_MARKER);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) apply(record.target as Element);
  });
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: [HIDDEN_MARKER] });
  return () => observer.disconnect();
}
