import { useEffect, useRef } from 'react';

/**
 * While something the person chose or typed is not saved yet, leaving the page
 * (a reload, closing the tab, typing another address) is not silent: `saveNow`
 * first starts the save that was waiting (sent with `keepalive`, it outlives the
 * page), and the browser asks whether to leave, since the server has not
 * answered yet. Once saved, the page lets go without asking.
 */
export function useUnsavedBeforeLeaving(unsaved: boolean, saveNow?: () => void): void {
  const latestSaveNow = useRef(saveNow);
  useEffect(() => {
    latestSaveNow.current = saveNow;
  });
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      latestSaveNow.current?.();
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
