import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMember } from '@/lib/member-api/member-api';
import { invalidateSubscriptionAndPlan } from '../api/get-member-plan';

/** docs/product.md#subscription: after starting checkout the status is checked again after 3 s… */
export const CHECKOUT_RECHECK_MS = 3000;
/** …and after opening the customer portal, after 1 s. */
export const PORTAL_RECHECK_MS = 1000;

/**
 * Checks the subscription again a while after checkout or the portal opened in
 * another tab, and, once either has (or from the start, where the screen is
 * the member's view of their subscription), every time this window regains
 * focus: the member coming back from paying or from the portal.
 */
export function useSubscriptionRecheck({ onFocusFromStart = false } = {}) {
  const queryClient = useQueryClient();
  const userId = useMember()?.userId;
  const [watching, setWatching] = useState(onFocusFromStart);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    if (!watching) return;
    const recheck = () => void invalidateSubscriptionAndPlan(queryClient, userId);
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, [watching, queryClient, userId]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  return (afterMs: number) => {
    setWatching(true);
    timers.current.push(window.setTimeout(() => void invalidateSubscriptionAndPlan(queryClient, userId), afterMs));
  };
}
