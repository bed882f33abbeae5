import { Outlet } from 'react-router';
import { Navigate } from '@/lib/app-navigation';
import { PageStatus } from '@/components/layouts/page-status';
import { useAuth } from '../hooks/use-auth';

/**
 * Admin guard: decides on the role the user currently acts under. The server
 * checks the admin role again on every admin request; this only shapes the UI.
 */
export function RequireAdmin() {
  const { loading, user, isAdmin } = useAuth();
  if (loading) return <PageStatus>Loading admin area...</PageStatus>;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
