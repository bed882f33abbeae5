import { Navigate, Outlet } from 'react-router';
import { PageStatus } from '@/components/layouts/page-status';
import { useAuth } from '../hooks/use-auth';

/** Signed-in guard (admin-and-marketing §2 "Guards"). */
export function RequireAuth() {
  const { loading, user } = useAuth();
  if (loading) return <PageStatus>Loading...</PageStatus>;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
