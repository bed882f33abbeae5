import { z } from 'zod';

/**
 * Paging and search for the admin's long lists: `?page=2&page_size=20&q=text`.
 * Pages are 1-based; a page past the end answers an empty page, not an error.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list; keeps OFFSET (page × size) a modest number. */
export const MAX_PAGE = 10_000;
export const MAX_SEARCH_LENGTH = 200;

export const pageQuery = z.object({
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, `Page must be between 1 and ${MAX_PAGE}`)
    .max(MAX_PAGE, `Page must be between 1 and ${MAX_PAGE}`)
    .default(1),
  page_size: z.coerce
    .number('Page size must be a number')
    .int('Page size must be a whole number')
    .min(1, `Page size must be between 1 and ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Page size must be between 1 and ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const searchPageQuery = pageQuery.extend({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `Search must be less than ${MAX_SEARCH_LENGTH} characters`).default(''),
});

export function offsetOf({ page, page_size }: { page: number; page_size: number }): number {
  return (page - 1) * page_size;
}

/** A LIKE pattern that matches `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
