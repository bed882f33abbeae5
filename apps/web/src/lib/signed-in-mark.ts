import { useEffect } from 'react';

/**
 * Marks the document while someone is signed in (`<html data-signed-in>`), so the
 * pre-rendered parts of the public pages, which React does not re-render (decision 041),
 * can swap their visitor-only calls to action for the member's: a member, paying or not,
 * is never asked to "Join Free Beta Test Now" (issue 28, item 9).
 */
export function useSignedInMark(signedIn: boolean) {
  useEffect(() => {
    document.documentElement.toggleAttribute('data-signed-in', signedIn);
    return () => document.documentElement.removeAttribute('data-signed-in');
  }, [signedIn]);
}

/** Classes of a call to action shown to visitors only, and of its member counterpart. */
export const VISITOR_ONLY = '[html[data-signed-in]_&]:hidden';
export const MEMBER_ONLY = 'hidden [html[data-signed-in]_&]:inline-flex';
