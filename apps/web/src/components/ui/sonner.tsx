import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takeToastsAfterLoad } from '@/lib/toast-after-load';

/**
 * Over the top of the sticky 4rem header, never below it (decision 038): below
 * the header is page content, and on a scrolled page a primary action (the
 * billing toggle of /pricing and /subscription, a form's submit button) can sit
 * there. Phones get the full width less a margin, at the same height.
 */
const OVER_HEADER = '0.375rem';

/**
 * The notification area (docs/product.md#notifications). Top centre, over the
 * sticky header, rather than the spec's bottom right: at laptop and phone sizes
 * the bottom right is where a form's primary button sits (decision 033), and
 * the band under the header is page content (decision 038). Toasts are compact
 * so one with a one-line description fits the header band, and a click goes
 * through a toast to what is under it (the header's own controls), except on
 * its close and action buttons; so hovering to reach what is under it does not
 * hold it open either. Toasts the previous page left for this one (it loaded this
 * one, lib/toast-after-load) are shown once it is there. The other values are sonner's defaults, set explicitly
 * so an upgrade cannot change them.
 */
export function Toaster() {
  // What the previous page left for this one (a sign-in's welcome, lib/toast-after-load).
  useEffect(() => {
    for (const carried of takeToastsAfterLoad()) toast.success(carried.title, { description: carried.description });
  }, []);
  return (
    <Sonner
      position="top-center"
      offset={{ top: OVER_HEADER }}
      mobileOffset={{ top: OVER_HEADER, left: '0.75rem', right: '0.75rem' }}
      visibleToasts={3}
      duration={4000}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      richColors
      closeButton
      theme="light"
      toastOptions={{
        classNames: {
          toast: 'font-sans py-2! px-3! pointer-events-none! [&_button]:pointer-events-auto!',
          description: 'text-sm leading-snug',
        },
      }}
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
