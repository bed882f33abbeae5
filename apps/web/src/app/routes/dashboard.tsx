import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { planBadge, type Role } from '@app/shared';
import { PageStatus } from '@/components/layouts/page-status';
import { PageTitle } from '@/components/layouts/page-title';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { useMemberData } from '@/features/profile/hooks/use-member-data';
import { ConnectCard } from '@/features/dashboard/components/connect-card';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { ProgressPanel } from '@/features/dashboard/components/progress-panel';
import { ReflectionPanel } from '@/features/dashboard/components/reflection-panel';
import { SignedOutPrompt } from '@/features/dashboard/components/signed-out-prompt';
import { TrackerFeedbackCard } from '@/features/dashboard/components/tracker-feedback-card';
import { UserMenu } from '@/features/dashboard/components/user-menu';
import { WelcomeCard } from '@/features/dashboard/components/welcome-card';
import { DemoBanner } from '@/lib/demo/demo-banner';
import { displayName } from '@/lib/display-name';

/** /dashboard (user-app §2 "Dashboard", FOUNDING-DESIGN §4); a demo visitor's data lives in browser storage. */
export default function DashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { demo, userId, profile, analytics, subscription } = useMemberData(auth.user?.id);
  const [signingOut, setSigningOut] = useState(false);

  if (auth.loading) return <PageStatus>Loading...</PageStatus>;
  if (!userId) return <SignedOutPrompt />;

  const name = displayName(profile.data?.full_name ?? auth.user?.full_name, auth.user?.email);
  const sub = subscription.data;
  // A subscriber's badge follows the tier they pay for; otherwise the profile's plan.
  const plan = sub?.subscribed && sub.subscription_tier ? sub.subscription_tier : profile.data?.pricing_plan;
  const badge = profile.isError ? planBadge(null) : profile.data && sub && planBadge(plan);

  const switchRole = (role: Role) => {
    if (auth.switchRole(role)) navigate(role === 'admin' ? '/admin' : '/dashboard');
  };

  return (
    <div className="min-h-dvh bg-linear-to-b from-teal-50/60 to-background">
      <PageTitle>Dashboard</PageTitle>
      {demo && <DemoBanner />}
      <DashboardHeader
        planBadge={badge}
        signingOut={signingOut}
        onSignOut={
          auth.user
            ? () => {
                setSigningOut(true);
                void auth.signOut();
              }
            : undefined
        }
        userMenu={
          auth.user ? (
            <UserMenu
              name={name}
              email={auth.user.email}
              isAdmin={auth.isAdmin}
              hasMultipleRoles={auth.hasMultipleRoles}
              currentRole={auth.currentRole}
              onSwitchRole={switchRole}
            />
          ) : (
            <Button asChild variant="outline">
              <Link to="/profile">
                <UserRound aria-hidden="true" />
                Profile
              </Link>
            </Button>
          )
        }
      />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-balance">Hello, {name}</h1>
          <p className="text-muted-foreground mt-2 text-lg">Take a breath. Here&apos;s your space for today.</p>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <WelcomeCard name={name} />
          <ConnectCard userId={userId} />
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ReflectionPanel userId={userId} focusAreaId={profile.isError ? null : profile.data?.focus_area_id} />
          <ProgressPanel analytics={analytics.data} failed={analytics.isError} />
        </div>
        <TrackerFeedbackCard userId={userId} />
      </main>
    </div>
  );
}
