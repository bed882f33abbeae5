import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { DEMO_SESSION_EVENT, isDemoSession } from './demo-session';

function subscribe(onChange: () => void) {
  // Another tab leaving or starting the demo changes this tab too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.demoSession) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(DEMO_SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(DEMO_SESSION_EVENT, onChange);
  };
}

/** Whether the demo flag is set in this browser (`demoSession`, docs/product.md#demo-mode). */
export function useDemoSession(): boolean {
  return useSyncExternalStore(subscribe, isDemoSession, () => false);
}
