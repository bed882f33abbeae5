import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * Just below the 4rem header, so the header's own controls stay reachable (decision 033).
 * Phones get the full width less a margin, at the same height.
 */
const BELOW_HEADER = '4.75rem';

/**
 * The notification area (docs/product.md#notifications). Top centre, under the header,
 * rather than the spec's bottom right: at laptop and phone sizes the bottom right is where
 * a form's primary button sits (onboarding's Complete Setup was under the sign-up toast),
 * and the top of the page below the header holds titles, not actions (decision 033).
 * The other values are sonner's defaults, set explicitly so an upgrade cannot change them.
 */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER, left: '0.75rem', right: '0.75rem' }}
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
