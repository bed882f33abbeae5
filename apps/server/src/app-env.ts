import type { Role } from '@app/shared';
import type { profiles } from './db/schema';
import type { SecondFactorState } from './lib/auth/second-factor';

export type ProfileRow = typeof profiles.$inferSelect;

/** What middleware puts on the request context for the handlers after it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AppEnv {
  Variables: {
    clientIp: string;
    user: Readonly<SessionUser>;
    /** The signed-in account's roles, ordered; shared with the account cache, so never changed. */
    roles: readonly Role[];
    /** Whether the account has a second factor and this session passed it (decision 047). */
    secondFactor: SecondFactorState;
  };
}
