import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { Link, useNavigate } from '@/lib/app-navigation';
import type { Role } from '@app/shared';
import { DemoBanner } from '@/components/demo/demo-banner';
import { DashboardHeader } from '@/components/layouts/dashboard-header';
import { PageStatus } from '@/components/layouts/page-status';
import { PageTitle } from '@/components/layouts/page-title';
import { UserMenu } from '@/components/layouts/user-menu';
import { Button } from '@/components/ui/button';
import { useRefreshProfile } from '@/features/account';
import { PlanSummary, useMemberPlan } from '@/features/billing';
import { useAuth } from '@/features/auth';
import { CheckinCard, useRefreshCheckins } from '@/features/checkins';
import { CoachChat, ConnectCard } from '@/features/chat';
import { CoachStatus, CoachTypingLine } from '@/features/coach';
import { UnreadRepliesLink } from '@/features/notifications';
import { ProgressPanel, useRefreshAnalytics } from '@/features/progress';
import { DailyPrompt, useDailyPrompt } from '@/features/prompts';
import { ReflectionPanel } from '@/features/reflections';
import { StepCard } from '@/features/steps';
import { WeeklySummaryCard } from '@/features/summaries';
import { TrackerFeedbackCard } from '@/features/tracker-feedback';
import { displayName } from '@/lib/display-name';
import { useMemberOverview } from '../member/use-member-overview';
import { SignedOutPrompt } from './dashboard/signed-out-prompt';
import { WelcomeCard } from './dashboard/welcome-card';
import { mainContentProps } from '@/components/layouts/skip-link';
import { ProgrammeAttachment } from '@/app/member/programme-attachment';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Welcome back" only to a member who has been here before: an account less than a day
 * old (a brand-new member, fresh from onboarding) is welcomed, not welcomed back.
 */
function greetingFor(createdAt: string | undefined, now = Date.now()): string {
  const age = createdAt ? now - Date.parse(createdAt) : NaN;
  return Number.isFinite(age) && age >= DAY_MS ? 'Welcome back' : 'Welcome';
}

/** /dashboard (docs/product.md#dashboard); a demo visitor's data lives in browser storage. */
export default function DashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { member, profile, analytics } = useMemberOverview();
  // The plan the member holds, as the server decides it (decision 065): the badge and the plan line.
  const plan = useMemberPlan();
  const [signingOut, setSigningOut] = useState(false);
  const refreshProfile = useRefreshProfile();
  const refreshAnalytics = useRefreshAnalytics();
  const refreshCheckins = useRefreshCheckins();
  // Today's prompt follows the focus area, so it waits for the profile (null: none chosen).
  const focusAreaId = profile.isError ? null : profile.data?.focus_area_id;
  const dailyPrompt = useDailyPrompt(focusAreaId ?? null, focusAreaId !== undefined);

  if (auth.loading) return <PageStatus>Loading...</PageStatus>;
  if (!member) return <SignedOutPrompt />;

  const name = displayName(profile.data?.full_name ?? auth.user?.full_name, auth.user?.email);

  const switchRole = (role: Role) => {
    if (auth.switchRole(role)) navigate(role === 'admin' ? '/admin' : '/dashboard');
  };

  return (
    <div className="min-h-dvh bg-linear-to-b from-panel-sage/60 to-background">
      <PageTitle>Dashboard</PageTitle>
      {member.demo && <DemoBanner />}
      <DashboardHeader
        planBadge={plan.data?.badge}
        signingOut={signingOut}
        notice={!member.demo && <UnreadRepliesLink />}
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
      <main {...mainContentProps} className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <div>
          {/* The one greeting with the member's name; the welcome card below does not repeat it (decision 034). */}
          <h1 className="text-3xl font-semibold tracking-tight text-balance">
            {greetingFor(profile.data?.created_at)}, {name}
          </h1>
          <p className="text-muted-foreground mt-2 text-lg">Take a breath. Here&apos;s your space for today.</p>
          {plan.data && <PlanSummary plan={plan.data} />}
        </div>
        {/* What a member comes for, in order: the coach, today's reflection, their progress (decision 033).
            The space's links and the tracker survey follow. */}
        <ConnectCard onConversationCounted={refreshProfile} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="grid gap-6">
            <ReflectionPanel
              prompt={dailyPrompt.data ?? null}
              promptSlot={<DailyPrompt prompt={dailyPrompt} />}
              onSaved={refreshAnalytics}
            />
            {/* A demo visitor has no programme: steps are kept on the server. */}
            {!member.demo && <StepCard />}
            {/* The weekly summary: the chat's summary messages link here (decision 058). */}
            <WeeklySummaryCard />
          </div>
          <div className="grid gap-6">
            <CoachChat
              onSent={() => {
                void refreshAnalytics();
                void refreshProfile();
                // "7, long day" sent while a check-in waits is its answer: the chart and the chat follow.
                void refreshCheckins();
              }}
              renderTyping={(conversation) => <CoachTypingLine conversation={conversation} />}
              renderStatus={(conversation) => <CoachStatus conversation={conversation} />}
              renderAttachment={(message) => (
                <ProgrammeAttachment message={message} onCheckinAnswered={refreshAnalytics} />
              )}
            />
            {/* A check-in is a day's activity: the progress figures follow an answer at once. */}
            <CheckinCard onAnswered={refreshAnalytics} />
            {/* Credits mean nothing to a member whose plan is unlimited: the gauge is for the others. */}
            <ProgressPanel
              analytics={analytics.data}
              failed={analytics.isError}
              showCredits={plan.data?.unlimited === false}
            />
          </div>
        </div>
        <WelcomeCard />
        <TrackerFeedbackCard />
      </main>
    </div>
  );
}
