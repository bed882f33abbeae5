import { Outlet } from 'react-router';
import { Navigate, useLocation } from '@/lib/app-navigation';
import { PageStatus } from '@/components/layouts/page-status';
import { DEMO_PATHS } from '@/lib/demo/demo-session';
import { useDemoSession } from '@/lib/demo/use-demo-mode';
import { useAuth } from '../hooks/use-auth';

/** Signed-in guard (docs/product.md#accounts-and-signing-in); a demo visitor may open the demo's screens. */
export function RequireAuth() {
  const { loading, user } = useAuth();
  const demoSession = useDemoSession();
  const { pathname } = useLocation();
  if (loading) return <PageStatus>Loading...</PageStatus>;
  if (!user && !(demoSession && DEMO_PATHS.includes(pathname))) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
