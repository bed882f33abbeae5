import { Suspense, useState } from 'react';
import {
  BookOpenText,
  Bot,
  ClipboardList,
  DoorOpen,
  LayoutDashboard,
  Lightbulb,
  MessagesSquare,
  MessageSquareText,
  RefreshCw,
  Settings,
  Users,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { useNavigate } from '@/lib/app-navigation';
import { AdminShell, type AdminNavItem } from '@/components/layouts/admin-shell';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { CoachNotifier } from '@/features/notifications';

/** Sidebar entries of docs/product.md#admin-back-office (Sign Out is the shell's own button). */
const NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/exit-surveys', label: 'Exit Surveys', icon: DoorOpen },
  { to: '/admin/reflections', label: 'Reflections', icon: BookOpenText },
  { to: '/admin/strategic-prompts', label: 'Strategic Prompts', icon: Lightbulb },
  { to: '/admin/tracker-feedback', label: 'Tracker Feedback', icon: ClipboardList },
  { to: '/admin/messages', label: 'Messages', icon: MessagesSquare },
  { to: '/admin/saved-replies', label: 'Saved Replies', icon: MessageSquareText },
  { to: '/admin/ai-coach', label: 'AI Coach', icon: Bot },
];

function SettingsMenu() {
  const { hasMultipleRoles, switchRole } = useAuth();
  const navigate = useNavigate();
  if (!hasMultipleRoles) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Settings">
          <Settings aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => {
            if (switchRole('user')) navigate('/dashboard');
          }}
        >
          <RefreshCw aria-hidden="true" />
          Switch to User View
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default function AdminLayout() {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <AdminShell
      items={NAV_ITEMS}
      signingOut={signingOut}
      onSignOut={() => {
        setSigningOut(true);
        void signOut();
      }}
      headerActions={
        <>
          {/* Waiting member messages: the tab title and browser notifications on every admin page (decision 063). */}
          <CoachNotifier />
          <SettingsMenu />
        </>
      }
    >
      <Suspense
        fallback={
          <p role="status" className="text-muted-foreground flex items-center gap-2">
            <Spinner /> Loading...
          </p>
        }
      >
        <Outlet />
      </Suspense>
    </AdminShell>
  );
}
