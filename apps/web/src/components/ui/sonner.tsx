import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * The notification area. Values are the spec's (docs/product.md#notifications), which are
 * sonner's defaults; set explicitly so an upgrade cannot change them.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      richColors
      closeButton
      theme="light"
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // richColors' own greens and reds are just under 4.5:1 on their tints (WCAG AA).
          '--success-text': '#00652a',
          '--error-text': '#b00020',
          '--warning-text': '#8a4b00',
          '--info-text': '#0b4fae',
        } as CSSProperties
      }
    />
  );
}
