import { ChevronDown, RefreshCw, Shield, User } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import type { Role } from '@app/shared';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { initials } from '@/lib/display-name';

interface UserMenuProps {
  name: string;
  email: string;
  isAdmin: boolean;
  hasMultipleRoles: boolean;
  currentRole: Role | null;
  onSwitchRole: (role: Role) => void;
}

/** The account menu of the dashboard header (docs/product.md#dashboard). */
export function UserMenu({ name, email, isAdmin, hasMultipleRoles, currentRole, onSwitchRole }: UserMenuProps) {
  const switchTarget: Role = currentRole === 'admin' ? 'user' : 'admin';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name comes first in the accessible name, as it is what the button shows (WCAG 2.5.3, label in name). */}
        <Button variant="outline" className="gap-2 px-2 sm:px-3" aria-label={`${name}, account menu`}>
          <span
            aria-hidden="true"
            className="bg-primary/10 text-primary flex size-7 items-center justify-center rounded-full text-xs font-semibold"
          >
            {initials(name)}
          </span>
          <span className="hidden max-w-36 truncate md:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground hidden md:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          <span className="text-muted-foreground truncate text-xs font-normal">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Shield aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        )}
        {hasMultipleRoles && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onSwitchRole(switchTarget)}>
              <RefreshCw aria-hidden="true" />
              {switchTarget === 'user' ? 'Switch to User View' : 'Switch to Admin View'}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
