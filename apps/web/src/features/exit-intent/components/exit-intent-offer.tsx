import { useState, type ComponentType } from 'react';
import { useExitIntent } from '../hooks/use-exit-intent';
import type { ExitIntentPopupProps } from './exit-intent-popup';

/**
 * Watches for exit intent and only then downloads the popup, so its form
 * libraries never weigh on the page's first load. `enabled` is false for
 * anyone who is, or may yet turn out to be, signed in: the offer is for
 * visitors only (decision 033).
 */
export function ExitIntentOffer({ enabled }: { enabled: boolean }) {
  const [Popup, setPopup] = useState<ComponentType<ExitIntentPopupProps> | null>(null);
  const [open, setOpen] = useState(false);

  useExitIntent(() => {
    import('./exit-intent-popup')
      .then((module) => {
        setPopup(() => module.ExitIntentPopup);
        setOpen(true);
      })
      .catch(() => {
        // Offline or a newer deployment: the offer is a nicety, the page carries on without it.
      });
  }, enabled);

  return Popup ? <Popup open={open} onOpenChange={setOpen} /> : null;
}
