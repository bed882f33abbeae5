import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus goes back where it was when a dialog closes. Radix returns focus to a
 * dialog's own Trigger, but a dialog opened from code (a plan card, a table
 * row's menu) has none, and focus then drops to the page body: a keyboard user
 * starts again from the top. This remembers the element that had focus when
 * the dialog opened (Radix fires onOpenAutoFocus before it moves focus) and
 * focuses it again on close, while it is still on the page; otherwise Radix's
 * own rule applies. Callers' handlers run first and may prevent it.
 */
export function useReturnFocus(props: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      props.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
