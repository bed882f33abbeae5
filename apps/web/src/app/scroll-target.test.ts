import { describe, expect, it } from 'vitest';
import { scrollTarget } from './scroll-target';

describe('scrollTarget', () => {
  it('opens a new page at the top, even when the entry had a position before', () => {
    expect(scrollTarget('PUSH', 'abc', '', undefined, false)).toEqual({ kind: 'top' });
    expect(scrollTarget('REPLACE', 'abc', '', 900, false)).toEqual({ kind: 'top' });
  });

  it('scrolls a link with a hash to its section', () => {
    expect(scrollTarget('PUSH', 'abc', '#faq', undefined, false)).toEqual({ kind: 'hash', hash: '#faq' });
    expect(scrollTarget('PUSH', 'abc', '#', undefined, false)).toEqual({ kind: 'top' });
  });

  it('returns Back and Forward to where the entry was left', () => {
    expect(scrollTarget('POP', 'abc', '', 1640, false)).toEqual({ kind: 'position', top: 1640 });
    expect(scrollTarget('POP', 'abc', '#faq', 0, false)).toEqual({ kind: 'position', top: 0 });
  });

  it('never restores a position stored under the shared key of entries the app did not create', () => {
    expect(scrollTarget('POP', 'default', '', 1640, true)).toEqual({ kind: 'none' });
    expect(scrollTarget('POP', 'default', '#faq', 1640, true)).toEqual({ kind: 'hash', hash: '#faq' });
  });

  it('leaves a first load with nothing saved where the browser put it, and an unknown entry at the top', () => {
    expect(scrollTarget('POP', 'abc', '', undefined, true)).toEqual({ kind: 'none' });
    expect(scrollTarget('POP', 'abc', '', undefined, false)).toEqual({ kind: 'top' });
  });
});
