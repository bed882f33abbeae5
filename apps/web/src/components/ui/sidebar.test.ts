import { describe, expect, it } from 'vitest';
import { readSidebarCookie, SIDEBAR_COOKIE_MAX_AGE } from './sidebar';

describe('the sidebar cookie', () => {
  it('reads the remembered state among other cookies, and nothing when none is stored', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    expect(readSidebarCookie('other_sidebar_state=false')).toBeUndefined();
    expect(readSidebarCookie('')).toBeUndefined();
  });

  it('lasts 7 days (docs/product.md#admin-back-office)', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });
});
