import type { ReactNode } from 'react';

/** One object for every render: React compares it by identity and so never writes it. */
const KEEP_AS_IS = { __html: '' };

/**
 * A part of a pre-rendered marketing page with no behaviour of its own: links, text,
 * pictures, and the beta figures the server writes into the HTML (decision 038).
 * Everywhere it renders its content, except in the marketing pages' entry
 * (public-main.tsx), which gives it none: there React adopts the wrapper and
 * leaves the pre-rendered content inside it as it arrived (an element with inner
 * HTML is neither compared nor written while hydrating), so the part's code is
 * never downloaded (decision 041). The wrapper is `display: contents`, so the
 * layout is the same as without it.
 */
export function PrerenderedPart({ children }: { children?: ReactNode }) {
  if (children === undefined) {
    return <div className="contents" dangerouslySetInnerHTML={KEEP_AS_IS} suppressHydrationWarning />;
  }
  return <div className="contents">{children}</div>;
}
