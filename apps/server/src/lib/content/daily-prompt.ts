const DAY_MS = 86_400_000;

/** Whole days since 1970-01-01 UTC: the same number all day long everywhere, changing at UTC midnight. */
export function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/**
 * Today's prompt: the candidates, ordered by sort_order and then id, take
 * turns one UTC day each, so every member with the same focus area sees the
 * same prompt on a given day and the next one tomorrow.
 */
export function pickDailyPrompt<T extends { id: string; sortOrder: number }>(
  candidates: readonly T[],
  date: Date,
): T | null {
  if (candidates.length === 0) return null;
  const ordered = [...candidates].sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const n = ordered.length;
  return ordered[((utcDayNumber(date) % n) + n) % n]!;
}
