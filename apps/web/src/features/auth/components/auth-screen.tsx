import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { Navigate, useLocation, useNavigate, useNavigationLoadsPages } from '@/lib/app-navigation';
import { toast } from '@/lib/lazy-toast';
import { toastAfterLoad } from '@/lib/toast-after-load';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageHead } from '@/components/layouts/page-head';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAppConfig } from '@/lib/app-config';
import { useHydrated } from '@/lib/use-hydrated';
import { useAuth } from '../hooks/use-auth';
import { ChosenPlanNote } from './chosen-plan-note';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Tab = 'signin' | 'signup';

// Shown only after a sign-up is sent: loaded then, so /auth's first load stays within
// its JavaScript budget (docs/performance.md).
const CheckEmailNotice = lazy(() => import('./check-email-notice').then((m) => ({ default: m.CheckEmailNotice })));

/**
 * Links may open the Sign Up tab directly: <Link to="/auth" state={{ tab: 'signup' }}>,
 * with the name and address already known (the exit-intent offer's claim, decision 033)
 * in `prefill`. Navigation state, not the address: an email never goes into a URL.
 * A sign-up link followed as a page load (from a marketing page, decision 041) says
 * `?tab=signup` instead; the server sends the page pre-rendered on that tab.
 */
function initialTab(state: unknown, search: string): Tab {
  if ((state as { tab?: unknown } | null)?.tab === 'signup') return 'signup';
  return new URLSearchParams(search).get('tab') === 'signup' ? 'signup' : 'signin';
}

function prefillFrom(state: unknown): { fullName: string; email: string } | undefined {
  const prefill = (state as { prefill?: unknown } | null)?.prefill as Record<string, unknown> | undefined;
  if (!prefill || typeof prefill !== 'object') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');
  return { fullName: text(prefill.fullName), email: text(prefill.email) };
}

/** Whether the visitor followed a link from one of this site's pages (the marketing pages load /auth as a page, decision 041). */
function cameFromThisSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Back where the visitor came from, or home when /auth was the first page. */
function useLeave() {
  const navigate = useNavigate();
  return useCallback(() => {
    const state = window.history.state as { idx?: number } | null;
    const firstPage = state?.idx === 0 && !cameFromThisSite();
    if (firstPage || window.history.length <= 1) navigate('/');
    else navigate(-1);
  }, [navigate]);
}

/** /auth (docs/product.md#accounts-and-signing-in). */
export function AuthScreen() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const leave = useLeave();
  const hydrated = useHydrated();
  const config = useAppConfig();
  // Without a router (decision 043) moving on is a page load: the welcome goes with it.
  const leavesByPageLoad = useNavigationLoadsPages();
  const [tab, setTab] = useState<Tab>(() => initialTab(location.state, location.search));
  const [prefill] = useState(() => prefillFrom(location.state));
  // The page may ask for the Sign Up tab after it opened (a plan that arrived in the
  // address, app/routes/auth.tsx) without opening a fresh screen: nothing typed is lost.
  const signUpAsked = initialTab(location.state, '') === 'signup';
  useEffect(() => {
    if (signUpAsked) setTab('signup');
  }, [signUpAsked]);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // /auth?reset (the link in the "sign-in paused" mail) opens the reset form once the page
  // is live: the pre-rendered HTML is the sign-in form, and hydration must find it unchanged.
  useEffect(() => {
    if (new URLSearchParams(location.search).has('reset')) setForgotEmail('');
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The address a sign-up was sent for: the tab then says to check the mail.
  const [signUpEmail, setSignUpEmail] = useState<string | null>(null);
  // Where a fresh sign-in goes once its session is in place (else /dashboard).
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Open menus and dialogs claim Escape first (Radix marks it handled).
      if (event.key === 'Escape' && !event.defaultPrevented) leave();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [leave]);

  const handOff = async (to: string, title: string, description: string) => {
    setNext(to);
    const user = await auth.refresh();
    if (!user) {
      setNext(null);
      toast.error('Something went wrong', { description: 'We could not start your session. Please try again.' });
      return;
    }
    if (leavesByPageLoad) toastAfterLoad(title, { description });
    else toast.success(title, { description });
  };

  // Signed in, freshly or from before: move on (docs/product.md#accounts-and-signing-in). Rendering the redirect once
  // session and roles are known, rather than navigating after refresh(), means the next
  // screen's guard sees a settled state and no role request is cut short by leaving.
  // While the session is read the forms show already (the page arrives pre-rendered in
  // the signed-out state, decision 028): most visitors here are signed out. On the
  // page without a router (decision 043) the redirect loads the next page.
  if (auth.user && !auth.loading) return <Navigate to={next ?? '/dashboard'} replace />;

  return (
    <AuthLayout
      topRight={
        <Button variant="ghost" size="icon" aria-label="Close" onClick={leave}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      }
    >
      <PageHead
        title={tab === 'signup' ? 'Sign Up' : 'Sign In'}
        description="Sign in to Calm Space, or create your free account: instant calm when stress hits, right inside your messaging app."
        path="/auth"
      />
      <Card className="gap-5">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl tracking-tight">
            Welcome to Calm Space
          </CardTitle>
          <CardDescription className="text-base">
            Instant calm when stress hits — right inside your messaging app.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as Tab);
              setForgotEmail(null);
              setSignUpEmail(null);
            }}
          >
            <TabsList>
              {/* The other tab waits for hydration: a click on the pre-rendered page would be lost. */}
              <TabsTrigger value="signin" disabled={!hydrated && tab !== 'signin'}>
                Sign In
              </TabsTrigger>
              <TabsTrigger value="signup" disabled={!hydrated && tab !== 'signup'}>
                Sign Up
              </TabsTrigger>
            </TabsList>
            <TabsContent value="signin" className="pt-2">
              {forgotEmail === null ? (
                <SignInForm
                  onForgotPassword={setForgotEmail}
                  onSignedIn={() =>
                    handOff('/dashboard', 'Welcome back!', 'You are signed in. Take a breath — you are in your space.')
                  }
                />
              ) : (
                <ForgotPasswordForm defaultEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
              )}
            </TabsContent>
            <TabsContent value="signup" className="pt-2">
              {signUpEmail === null ? (
                <div className="grid gap-5">
                  <ChosenPlanNote />
                  <SignUpForm onRequested={setSignUpEmail} defaultValues={prefill} />
                </div>
              ) : (
                <Suspense fallback={null}>
                  <CheckEmailNotice
                    email={signUpEmail}
                    onSignIn={() => {
                      setSignUpEmail(null);
                      setTab('signin');
                    }}
                    onResetPassword={() => {
                      setSignUpEmail(null);
                      setForgotEmail(signUpEmail);
                      setTab('signin');
                    }}
                  />
                </Suspense>
              )}
            </TabsContent>
          </Tabs>
          {config.data?.google_sign_in && (
            <div className="grid gap-4">
              <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
                <span className="bg-border h-px flex-1" />
                or
                <span className="bg-border h-px flex-1" />
              </div>
              <GoogleSignInButton />
            </div>
          )}
          <p className="text-muted-foreground text-center text-sm">
            Just looking?{' '}
            {/* Disabled until React has taken over the pre-rendered page: a click before that would be lost. */}
            <Button
              variant="link"
              className="h-auto p-0"
              disabled={!hydrated}
              onClick={() => {
                // The demo's store loads with the demo, not with /auth.
                void import('@/lib/demo/demo-store').then(({ startDemo }) => {
                  startDemo();
                  navigate('/dashboard');
                });
              }}
            >
              Try the demo
            </Button>
          </p>
        </CardContent>
      </Card>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Free during the private beta — no credit card needed.
      </p>
    </AuthLayout>
  );
}
