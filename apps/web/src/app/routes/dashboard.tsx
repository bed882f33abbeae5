import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { planBadge, type Role } from '@app/shared';
import { PageStatus } from '@/components/layouts/page-status';
import { useAuth } from '@/features/auth';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { SignedOutPrompt } from '@/features/dashboard/components/signed-out-prompt';
import { UserMenu } from '@/features/dashboard/components/user-menu';
import { WelcomeCard } from '@/features/dashboard/components/welcome-card';
import { useProfile } from '@/features/profile/api/get-profile';
import { displayName } from '@/lib/display-name';
import { PageTitle } from '@/components/layouts/page-title';

export default function DashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const profile = useProfile(auth.user?.id);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (profile.isError) toast.error('Error', { description: 'Failed to load user profile' });
  }, [profile.isError]);

  if (auth.loading) return <PageStatus>Loading...</PageStatus>;
  if (!auth.user) return <SignedOutPrompt />;

  const name = displayName(profile.data?.full_name ?? auth.user.full_name, auth.user.email);
  const badge = profile.isError ? planBadge(null) : profile.data && planBadge(profile.data.pricing_plan);

  const switchRole = (role: Role) => {
    if (auth.switchRole(role)) navigate(role === 'admin' ? '/admin' : '/dashboard');
  };

  return (
    <div className="min-h-dvh bg-linear-to-b from-teal-50/60 to-background">
      <PageTitle>Dashboard</PageTitle>
      <DashboardHeader
        planBadge={badge}
        signingOut={signingOut}
        onSignOut={() => {
          setSigningOut(true);
          void auth.signOut();
        }}
        userMenu={
          <UserMenu
            name={name}
            email={auth.user.email}
            isAdmin={auth.isAdmin}
            hasMultipleRoles={auth.hasMultipleRoles}
            currentRole={auth.currentRole}
            onSwitchRole={switchRole}
          />
        }
      />
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 sm:py-12">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-balance">Hello, {name}</h1>
          <p className="text-muted-foreground mt-2 text-lg">Take a breath. Here&apos;s your space for today.</p>
        </div>
        <WelcomeCard name={name} />
      </main>
    </div>
  );
}
