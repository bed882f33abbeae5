import { useState, type ComponentType, type ReactNode } from 'react';
import { LogOut, Menu } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { LogoMark } from './logo';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** Match the path exactly (the overview, whose path prefixes all others). */
  end?: boolean;
}

interface AdminShellProps {
  items: readonly AdminNavItem[];
  onSignOut: () => void;
  signingOut?: boolean;
  /** Controls at the right of the top bar (the settings menu). */
  headerActions?: ReactNode;
  children: ReactNode;
}

function SidebarNav({
  items,
  onSignOut,
  signingOut,
  onNavigate,
}: Omit<AdminShellProps, 'children' | 'headerActions'> & { onNavigate?: () => void }) {
  const itemClass =
    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50';
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2 border-b border-sidebar-border px-4">
        <LogoMark className="size-7" />
        <div className="leading-tight">
          <p className="text-sm font-semibold">Calm Space</p>
          <p className="text-muted-foreground text-xs">Admin</p>
        </div>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {items.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    itemClass,
                    isActive
                      ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                      : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border p-3">
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className={cn(
            itemClass,
            'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground disabled:opacity-60',
          )}
        >
          <LogOut aria-hidden="true" className="size-4 shrink-0" />
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </button>
      </div>
    </div>
  );
}

/**
 * The admin frame: a fixed sidebar from tablet width up, a slide-in sheet
 * on phones. (The collapsible sidebar of docs/product.md#admin-back-office replaces this.)
 */
export function AdminShell({ items, onSignOut, signingOut, headerActions, children }: AdminShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="bg-muted/30 min-h-dvh">
      <aside className="bg-sidebar text-sidebar-foreground border-sidebar-border fixed inset-y-0 left-0 z-30 hidden w-64 border-r md:block">
        <SidebarNav items={items} onSignOut={onSignOut} signingOut={signingOut} />
      </aside>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent side="left" className="p-0">
          <SheetTitle className="sr-only">Admin navigation</SheetTitle>
          <SheetDescription className="sr-only">Pages of the admin area</SheetDescription>
          <SidebarNav
            items={items}
            onSignOut={onSignOut}
            signingOut={signingOut}
            onNavigate={() => setMenuOpen(false)}
          />
        </SheetContent>
      </Sheet>
      <div className="flex min-h-dvh flex-col md:pl-64">
        <header className="bg-background/90 sticky top-0 z-20 flex h-16 items-center gap-3 border-b px-4 backdrop-blur sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open navigation"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <p className="font-semibold md:hidden">Calm Space Admin</p>
          <p className="text-muted-foreground hidden text-sm md:block">Admin area</p>
          <div className="ml-auto flex items-center gap-2">{headerActions}</div>
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}
