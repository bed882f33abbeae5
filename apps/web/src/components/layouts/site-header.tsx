import type { ReactNode } from 'react';
import { NavLink } from '@/lib/app-navigation';
import { cn } from '@/lib/cn';
import { Logo } from './logo';

const LINKS = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/success-stories', label: 'Success Stories', shortLabel: 'Stories' },
  { to: '/about', label: 'About' },
] as const;

/**
 * The public top bar. One row on desktop; on tablet and mobile the page
 * links move to a second row (mobile uses the short label "Stories").
 * `actions` holds the sign-in or dashboard buttons, which depend on the session.
 */
export function SiteHeader({ actions, compactLogo = false }: { actions: ReactNode; compactLogo?: boolean }) {
  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 pt-3 pb-1 sm:px-6 lg:h-16 lg:flex-nowrap lg:py-0">
        <Logo className="order-1" compact={compactLogo} />
        <div className="order-2 ml-auto flex items-center gap-2 lg:order-3 lg:ml-0">{actions}</div>
        <nav aria-label="Main" className="order-3 -mx-2 w-full lg:order-2 lg:mx-0 lg:flex lg:flex-1 lg:justify-center">
          <ul className="flex items-center gap-1 overflow-x-auto py-1 sm:gap-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'focus-visible:ring-ring/50 block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] sm:px-3',
                      isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                    )
                  }
                >
                  {'shortLabel' in link ? (
                    <>
                      <span className="sm:hidden">{link.shortLabel}</span>
                      <span className="hidden sm:inline">{link.label}</span>
                    </>
                  ) : (
                    link.label
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
