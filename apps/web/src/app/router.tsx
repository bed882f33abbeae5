import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageStatus } from '@/components/layouts/page-status';
import { RequireAdmin, RequireAuth } from '@/features/auth';
import { lazyRoute } from './lazy-route';

// Every screen is its own chunk: public pages never download member or admin code.
// The SPA's one pre-rendered page (not found) uses lazyRoute, so its screen can be loaded before hydration.
const Landing = lazy(() => import('./routes/landing'));
const QueryLayout = lazy(() => import('./routes/query-layout'));
const Auth = lazy(() => import('./routes/auth'));
const AuthCallback = lazy(() => import('./routes/auth-callback'));
const Onboarding = lazy(() => import('./routes/onboarding'));
const OnboardingComplete = lazy(() => import('./routes/onboarding-complete'));
const PublicLayout = lazy(() => import('./routes/public-layout'));
const Pricing = lazy(() => import('./routes/pricing'));
const HowItWorks = lazy(() => import('./routes/how-it-works'));
const SuccessStories = lazy(() => import('./routes/success-stories'));
const About = lazy(() => import('./routes/about'));
const AiCoach = lazy(() => import('./routes/ai-coach'));
const Terms = lazy(() => import('./routes/terms'));
const PrivacyPolicy = lazy(() => import('./routes/privacy-policy'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const Profile = lazy(() => import('./routes/profile'));
const Subscription = lazy(() => import('./routes/subscription'));
const TestCheckout = lazy(() => import('./routes/test-checkout'));
const TestPortal = lazy(() => import('./routes/test-portal'));
const AdminLayout = lazy(() => import('./routes/admin/admin-layout'));
const MemberNotificationsLayout = lazy(() => import('./member/member-notifications-layout'));
const AdminOverview = lazy(() => import('./routes/admin/overview'));
const AdminUsers = lazy(() => import('./routes/admin/users'));
const AdminExitSurveys = lazy(() => import('./routes/admin/exit-surveys'));
const AdminReflections = lazy(() => import('./routes/admin/reflections'));
const AdminStrategicPrompts = lazy(() => import('./routes/admin/strategic-prompts'));
const AdminTrackerFeedback = lazy(() => import('./routes/admin/tracker-feedback'));
const AdminMessages = lazy(() => import('./routes/admin/messages'));
const AdminSavedReplies = lazy(() => import('./routes/admin/saved-replies'));
const AdminAiCoach = lazy(() => import('./routes/admin/ai-coach'));
const DevMailbox = lazy(() => import('./routes/dev-mailbox'));
const DevWhatsApp = lazy(() => import('./routes/dev-whatsapp'));
const NotFound = lazyRoute(() => import('./routes/not-found'));

/** The route table of docs/product.md#public-site. */
export function AppRouter() {
  return (
    <Suspense fallback={<PageStatus>Loading...</PageStatus>}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route element={<PublicLayout />}>
          <Route path="/pricing" element={<Pricing />} />
          <Route path="/how-it-works" element={<HowItWorks />} />
          <Route path="/success-stories" element={<SuccessStories />} />
          <Route path="/about" element={<About />} />
          <Route path="/ai-coach" element={<AiCoach />} />
          <Route path="/terms" element={<Terms />} />
          <Route path="/privacy-policy" element={<PrivacyPolicy />} />
        </Route>
        {/* Its forms send with plain calls and need no query library (decision 042). Loaded as
            a page it has its own entry (decision 043); here for a sign-out inside the app. */}
        <Route path="/auth" element={<Auth />} />
        {/* Screens that read or send data: the query library loads with them (decision 037). */}
        <Route element={<QueryLayout />}>
          <Route path="/auth/callback" element={<AuthCallback />} />
          {/* Public, as the route table says: it only shows how to reach the coach. */}
          <Route path="/onboarding-complete" element={<OnboardingComplete />} />
          <Route element={<RequireAuth />}>
            {/* A coach's reply reaches the member on every screen here (decision 063). */}
            <Route element={<MemberNotificationsLayout />}>
              {/* Signed-in, unlike the route table: completing it writes the member's profile (decision 006). */}
              <Route path="/onboarding" element={<Onboarding />} />
              <Route path="/dashboard" element={<Dashboard />} />
              <Route path="/profile" element={<Profile />} />
              <Route path="/subscription" element={<Subscription />} />
              {/* The local payment provider's pages (no Stripe key; its API is never served in production). */}
              <Route path="/test-checkout/:id" element={<TestCheckout />} />
              <Route path="/test-portal" element={<TestPortal />} />
            </Route>
          </Route>
          <Route path="/admin" element={<RequireAdmin />}>
            <Route element={<AdminLayout />}>
              <Route index element={<AdminOverview />} />
              <Route path="users" element={<AdminUsers />} />
              <Route path="exit-surveys" element={<AdminExitSurveys />} />
              <Route path="reflections" element={<AdminReflections />} />
              <Route path="strategic-prompts" element={<AdminStrategicPrompts />} />
              <Route path="tracker-feedback" element={<AdminTrackerFeedback />} />
              <Route path="messages" element={<AdminMessages />} />
              <Route path="saved-replies" element={<AdminSavedReplies />} />
              <Route path="ai-coach" element={<AdminAiCoach />} />
            </Route>
          </Route>
          <Route path="/dev/mailbox" element={<DevMailbox />} />
          <Route path="/dev/whatsapp" element={<DevWhatsApp />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The SPA's one pre-rendered page is the not-found page (scripts/prerender-web.mjs;
 * the marketing pages and /auth have their own entry, public-pages.ts): its screen
 * is loaded before the page is hydrated.
 */
export async function preloadPrerenderedScreens(): Promise<void> {
  await NotFound.preload();
}
