import { useEffect, useState } from 'react';
import type { AppConfigDto } from '@app/shared';
import { api, read } from './api';
import { withRetries } from './with-retries';

let reading: Promise<AppConfigDto> | undefined;
let known: AppConfigDto | undefined;

/**
 * GET /api/config, read once per page life: the deployment's facts do not change
 * while it is open. Kept outside the query cache so that /auth, which asks it
 * whether to offer Google sign-in, loads no query library (decisions 037, 042).
 * A read that failed is tried again by the next screen that asks.
 */
function readAppConfig(): Promise<AppConfigDto> {
  reading ??= withRetries(() => read(api.config.$get())).then(
    (config) => (known = config),
    (error: unknown) => {
      reading = undefined;
      throw error;
    },
  );
  return reading;
}

/** Forgets the answer, so each test's server is asked afresh. */
export function forgetAppConfig(): void {
  reading = undefined;
  known = undefined;
}

interface AppConfigState {
  data: AppConfigDto | undefined;
  isError: boolean;
}

/** Public facts about this deployment: `data` once read, `isError` when the read failed after its retries. */
export function useAppConfig(): AppConfigState {
  const [state, setState] = useState<AppConfigState>(() => ({ data: known, isError: false }));
  const loaded = state.data !== undefined;
  useEffect(() => {
    if (loaded) return;
    let current = true;
    readAppConfig().then(
      (data) => current && setState({ data, isError: false }),
      () => current && setState({ data: undefined, isError: true }),
    );
    return () => {
      current = false;
    };
  }, [loaded]);
  return state;
}
