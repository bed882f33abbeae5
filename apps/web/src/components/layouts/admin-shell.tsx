import type { ComponentType, ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { useMatch } from 'react-router';
import { NavLink } from '@/lib/app-navigation';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { LogoMark } from './logo';
import { mainContentProps } from '@/components/layouts/skip-link';

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

function NavEntry({ to, label, icon: Icon, end }: AdminNavItem) {
  const isActive = Boolean(useMatch({ path: to, end: end ?? false }));
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isActive} tooltip={label}>
        <NavLink to={to} end={end} onClick={() => isMobile && setOpenMobile(false)}>
          <Icon aria-hidden="true" />
          <span>{label}</span>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/**
 * The admin frame on the Sidebar pattern (docs/product.md#admin-back-office):
 * a sidebar that collapses to icons (Ctrl or Cmd + B, remembered in a cookie
 * for 7 days) from tablet width up, a sheet on phones.
 */
export function AdminShell({ items, onSignOut, signingOut, headerActions, children }: AdminShellProps) {
  return (
    <SidebarProvider>
      <Sidebar label="Admin navigation">
        <SidebarHeader className="border-sidebar-border h-16 flex-row items-center border-b px-3 group-data-[collapsible=icon]:px-2">
          <LogoMark className="size-7 shrink-0 group-data-[collapsible=icon]:size-6" />
          <div className="leading-tight group-data-[collapsible=icon]:hidden">
            <p className="text-sm font-semibold whitespace-nowrap">Calm Space</p>
            <p className="text-muted-foreground text-xs">Admin</p>
          </div>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <nav aria-label="Admin">
              <SidebarMenu>
                {items.map((item) => (
                  <NavEntry key={item.to} {...item} />
                ))}
              </SidebarMenu>
            </nav>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter className="border-sidebar-border border-t">
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton
                // aria-disabled, not disabled: it keeps keyboard focus while signing out.
                onClick={signingOut ? undefined : onSignOut}
                aria-disabled={signingOut || undefined}
                tooltip="Sign Out"
              >
                <LogOut aria-hidden="true" />
                <span>{signingOut ? 'Signing Out...' : 'Sign Out'}</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="bg-background/90 sticky top-0 z-20 flex h-16 items-center gap-3 border-b px-4 backdrop-blur sm:px-6">
          <SidebarTrigger className="-ml-1" />
          <p className="font-semibold md:hidden">Calm Space Admin</p>
          <p className="text-muted-foreground hidden text-sm md:block">Admin area</p>
          <div className="ml-auto flex items-center gap-2">{headerActions}</div>
        </header>
        <main {...mainContentProps} className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
