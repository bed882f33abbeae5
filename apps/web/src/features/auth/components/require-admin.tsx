import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navigate } from '@/lib/app-navigation';
import { PageStatus } from '@/components/layouts/page-status';
import { useAuth } from '../hooks/use-auth';

const AdminTwoFactorGate = lazy(() => import('./two-factor/admin-two-factor-gate'));

/**
 * Admin guard: decides on the role the user currently acts under, and on a
 * second factor passed by this session (decision 047). The server checks both
 * again on every admin request; this only shapes the UI.
 */
export function RequireAdmin() {
  const { loading, user, isAdmin } = useAuth();
  if (loading) return <PageStatus>Loading admin area...</PageStatus>;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  if (user.second_factor !== 'passed') {
    return (
      <Suspense fallback={<PageStatus>Loading admin area...</PageStatus>}>
        <AdminTwoFactorGate />
      </Suspense>
    );
  }
  return <Outlet />;
}
