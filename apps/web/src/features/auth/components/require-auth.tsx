import { Outlet } from 'react-router';
import { Navigate, useLocation } from '@/lib/app-navigation';
import { PageStatus } from '@/components/layouts/page-status';
import { DEMO_PATHS } from '@/lib/demo/demo-session';
import { useDemoSession } from '@/lib/demo/use-demo-mode';
import { SIGN_UP_STATE } from '@/lib/sign-up-link';
import { useAuth } from '../hooks/use-auth';

/**
 * Signed-in guard (docs/product.md#accounts-and-signing-in); a demo visitor may open the demo's screens.
 * A demo visitor who reaches for a screen that needs an account ("Your Plan", "Continue to payment")
 * wants one: they land on the Sign Up tab, not Sign In.
 */
export function RequireAuth() {
  const { loading, user } = useAuth();
  const demoSession = useDemoSession();
  const { pathname } = useLocation();
  if (loading) return <PageStatus>Loading...</PageStatus>;
  if (user || (demoSession && DEMO_PATHS.includes(pathname))) return <Outlet />;
  return <Navigate to="/auth" replace state={demoSession ? SIGN_UP_STATE : undefined} />;
}
