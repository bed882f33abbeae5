import { useState, type ComponentType } from 'react';
import type { QueryScope as QueryScopeType } from '@/components/query-scope';
import { useExitIntent } from '../hooks/use-exit-intent';
import type { ExitIntentPopupProps } from './exit-intent-popup';

/**
 * Watches for exit intent and only then downloads the popup, so its form
 * libraries never weigh on the page's first load. `enabled` is false for
 * anyone who is, or may yet turn out to be, signed in: the offer is for
 * visitors only (decision 033). The query library (for the popup's form) comes
 * with it: the landing page does not load it otherwise (decision 037).
 */
export function ExitIntentOffer({ enabled }: { enabled: boolean }) {
  const [loaded, setLoaded] = useState<{
    Popup: ComponentType<ExitIntentPopupProps>;
    QueryScope: typeof QueryScopeType;
  } | null>(null);
  const [open, setOpen] = useState(false);

  useExitIntent(() => {
    Promise.all([import('./exit-intent-popup'), import('@/components/query-scope')])
      .then(([popup, scope]) => {
        setLoaded({ Popup: popup.ExitIntentPopup, QueryScope: scope.QueryScope });
        setOpen(true);
      })
      .catch(() => {
        // Offline or a newer deployment: the offer is a nicety, the page carries on without it.
      });
  }, enabled);

  if (!loaded) return null;
  const { Popup, QueryScope } = loaded;
  return (
    <QueryScope>
      <Popup open={open} onOpenChange={setOpen} />
    </QueryScope>
  );
}
