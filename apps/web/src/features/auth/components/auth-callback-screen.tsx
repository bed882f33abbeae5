import { useEffect, useState } from 'react';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { parseCallbackFragment, type CallbackOutcome } from '../lib/callback-fragment';
import { CallbackError } from './callback-error';
import { EmailConfirmation } from './email-confirmation';
import { RecoveryLink } from './recovery-link';
import { UndoEmailChange } from './undo-email-change';
import { PageTitle } from '@/components/layouts/page-title';

const readAddress = (): CallbackOutcome => parseCallbackFragment(window.location.hash, window.location.search);

/** Tokens should not linger in the address bar, the history or a shared screenshot. */
function clearAddress() {
  if (window.location.hash || window.location.search) {
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
}

/** /auth/callback: where sign-up, email-change and password-reset mail links land. */
export function AuthCallbackScreen() {
  // Read once, then wiped from the address bar.
  const [link, setLink] = useState(() => ({ outcome: readAddress(), id: 0 }));

  useEffect(() => {
    clearAddress();
    // A second mail link opened in this same tab changes only the fragment: no page load.
    const onHashChange = () => {
      if (!window.location.hash) return;
      setLink((previous) => ({ outcome: readAddress(), id: previous.id + 1 }));
      clearAddress();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const { outcome, id } = link;
  return (
    <AuthLayout>
      <PageTitle>{outcome.kind === 'recovery' ? 'Set a new password' : 'Email verification'}</PageTitle>
      {outcome.kind === 'recovery' && <RecoveryLink key={id} token={outcome.token} />}
      {(outcome.kind === 'signup' || outcome.kind === 'email_change') && (
        <EmailConfirmation key={id} kind={outcome.kind} token={outcome.token} />
      )}
      {outcome.kind === 'email_change_undo' && <UndoEmailChange key={id} token={outcome.token} />}
      {outcome.kind === 'error' && <CallbackError key={id} message={outcome.message} />}
    </AuthLayout>
  );
}
