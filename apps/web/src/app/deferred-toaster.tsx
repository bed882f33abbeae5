import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from '@/lib/app-navigation';
import { MARKETING_PATHS } from '@app/shared';

const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })));

/**
 * Marketing pages raise no toast until the visitor does something (the
 * exit-intent offer is the only source), nor does /auth (its forms, through
 * lib/lazy-toast, decision 042), so there the notification area and
 * its library load on the first interaction instead of with the page. That
 * keeps the landing page's first-load JavaScript within budget. Nothing can
 * be lost: sonner hands toasts raised before its Toaster mounted to it on mount.
 */
const QUIET_UNTIL_INTERACTION = new Set<string>([...MARKETING_PATHS, '/auth']);
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll'] as const;

export function DeferredToaster() {
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState(() => !QUIET_UNTIL_INTERACTION.has(pathname));

  useEffect(() => {
    if (loaded) return;
    if (!QUIET_UNTIL_INTERACTION.has(pathname)) {
      setLoaded(true);
      return;
    }
    const load = () => setLoaded(true);
    for (const type of INTERACTIONS) window.addEventListener(type, load, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, load);
    };
  }, [loaded, pathname]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
