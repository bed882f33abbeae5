import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useNavigate } from '@/lib/app-navigation';
import { CONFIRM_WITH_PASSWORD_CODE, POST_VERIFICATION_REDIRECT_MS } from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-request';
import { linkRefusalReason } from '../lib/link-refusal';
import { verifyEmailQueryOptions } from '../api/verify-email';
import { useAuth } from '../hooks/use-auth';
import { LINK_FALLBACK_MESSAGE } from '../lib/callback-fragment';
import { CallbackError } from './callback-error';
import { ConfirmWithPassword } from './confirm-with-password';
import { ReturnToSignIn } from './return-to-sign-in';
import { SpentLink } from './spent-link';

const OUTCOMES = {
  // Sign-up gives no session (decision 009): the confirmed newcomer starts onboarding here.
  signup: {
    title: 'Thank you for confirming',
    message: 'Email confirmed! Taking you to set up your space...',
    to: '/onboarding',
  },
  email_change: {
    title: 'Thank you for confirming',
    message: 'Email address confirmed! Taking you to your profile...',
    to: '/profile',
  },
} as const;

/**
 * A coach's account (ADMIN_EMAILS: the role comes with the confirmed address, decision 010) is no
 * member: it skips the member's onboarding for the admin area, which starts with its two-step
 * sign-in setup (decision 047).
 */
const ADMIN_SIGNUP = {
  title: 'Thank you for confirming',
  message: 'Email confirmed! Taking you to the admin area...',
  to: '/admin',
} as const;

/** Sign-up and email-change links: confirm, sign in, then move on after 3 s. */
export function EmailConfirmation({ kind, token }: { kind: keyof typeof OUTCOMES; token: string }) {
  const verification = useQuery(verifyEmailQueryOptions(token));
  const { refresh, isAdmin } = useAuth();
  const navigate = useNavigate();
  const confirmed = verification.isSuccess;
  // Where to go depends on the roles of the session the link opened: known once it is read.
  const [signedIn, setSignedIn] = useState(false);
  const outcome = kind === 'signup' && isAdmin ? ADMIN_SIGNUP : OUTCOMES[kind];

  useEffect(() => {
    if (!confirmed) return;
    let current = true;
    // The server signed the user in: pick that session (and its roles) up before the next screen's guard runs.
    void refresh().then(() => {
      if (current) setSignedIn(true);
    });
    return () => {
      current = false;
    };
  }, [confirmed, refresh]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate(outcome.to, { replace: true }), POST_VERIFICATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, outcome.to]);

  if (verification.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            Confirming your email
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p role="status" className="text-muted-foreground flex items-center gap-3">
            <Spinner className="text-primary size-5" />
            Verifying your link...
          </p>
        </CardContent>
      </Card>
    );
  }

  if (verification.isError) {
    // Opened away from the browser that signed up: the password first (decision 046).
    const error = verification.error;
    if (kind === 'signup' && error instanceof ApiError && error.code === CONFIRM_WITH_PASSWORD_CODE) {
      return <ConfirmWithPassword token={token} onConfirmable={() => verification.refetch()} />;
    }
    // A used or expired sign-up link: plain words and a new link on the spot (decision 033).
    if (kind === 'signup') return <SpentLink purpose="signup" reason={linkRefusalReason(error, '')} />;
    return <CallbackError message={linkRefusalReason(error, LINK_FALLBACK_MESSAGE)} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {outcome.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>{signedIn ? outcome.message : 'Email confirmed! Signing you in...'}</AlertTitle>
          <AlertDescription>This only takes a moment.</AlertDescription>
        </Alert>
        <ReturnToSignIn />
      </CardContent>
    </Card>
  );
}
