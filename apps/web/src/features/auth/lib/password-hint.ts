import { useCallback, useMemo, useState } from 'react';
import { MIN_PASSWORD_LENGTH, type PasswordOwner } from '@app/shared';
// Types only: erased from the bundle, so the module itself stays out of /auth's chunk.
import type * as PasswordStrength from '@app/shared/password-strength';

type Estimator = typeof PasswordStrength;

let loading: Promise<Estimator> | undefined;
let loaded: Estimator | undefined;

/**
 * The strength estimator, loaded once and only when a new-password field is
 * used: its word lists are far heavier than the rest of /auth. A failed load
 * (offline) is tried again next time.
 */
export function loadPasswordEstimator(): Promise<Estimator> {
  loading ??= import('@app/shared/password-strength').then(
    (estimator) => (loaded = estimator),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Why the password is too easy to guess, or undefined when it is fine or the
 * estimator has not arrived yet: a hint only, never a wait before sending, as
 * the server judges every new password anyway.
 */
export function weakPasswordReason(password: string, owner: PasswordOwner = {}): string | undefined {
  return loaded?.judgePassword(password, owner).message;
}

/** Live reason while typing, once `load` (call it on focus) has brought the estimator in. */
export function usePasswordStrength(password: string, owner: PasswordOwner = {}) {
  const [estimator, setEstimator] = useState<Estimator | null>(() => loaded ?? null);
  const load = useCallback(() => {
    loadPasswordEstimator().then(setEstimator, () => {});
  }, []);
  const { email, name } = owner;
  const reason = useMemo(
    () =>
      estimator && password.length >= MIN_PASSWORD_LENGTH
        ? estimator.judgePassword(password, { email, name }).message
        : undefined,
    [estimator, password, email, name],
  );
  return { load, reason };
}
