import type { Role } from '@app/shared';
import type { profiles } from './db/schema';

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
  };
}
