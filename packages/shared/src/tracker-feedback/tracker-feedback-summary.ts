/**
 * The "Most Popular" card of the admin tracker-feedback screen
 * (docs/product.md#admin-back-office): the first word of the most chosen
 * tracking method, or 'N/A' when nobody has answered. Ties go to the method
 * listed first, so the card does not change between two loads of the same data.
 */
export function mostPopularMethodLabel(counts: readonly { method: string; count: number }[]): string {
  let best: { method: string; count: number } | undefined;
  for (const entry of counts) {
    if (entry.count > 0 && (!best || entry.count > best.count)) best = entry;
  }
  if (!best) return 'N/A';
  return best.method.trim().split(/\s+/)[0] || 'N/A';
}

/** A share of the whole as a whole percentage (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
