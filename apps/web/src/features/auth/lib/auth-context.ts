import { createContext } from 'react';
import type { Role } from '@app/shared';
import type { SecondFactorState } from '../api/get-session';

/** The session user as the product keeps it (docs/product.md#accounts-and-signing-in). */
export interface SessionUser {
  id: string;
  email: string;
  full_name: string | null;
  /** Two-step sign-in: set up, and passed by this session (decision 047). */
  second_factor: SecondFactorState;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  /** True until both the session and, when signed in, the roles are known. */
  loading: boolean;
  user: SessionUser | null;
  roles: Role[];
  currentRole: Role | null;
  isAdmin: boolean;
  isUser: boolean;
  hasMultipleRoles: boolean;
  /** Acts under another held role; returns false (and changes nothing) for a role not held. */
  switchRole: (role: Role) => boolean;
  /** Forgets the remembered role, ends the session and loads /auth as a full page. */
  signOut: () => Promise<void>;
  /** Ends the session without leaving the page (used after a password reset). */
  endSession: () => Promise<void>;
  /**
   * Re-reads the session (and the roles) after sign-in, sign-up or verification.
   * Resolves with the fresh user; the context itself updates a moment later,
   * so screens should react to `user` rather than navigate straight away.
   */
  refresh: () => Promise<SessionUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
