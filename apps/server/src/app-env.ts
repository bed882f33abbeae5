import type { Role } from '@app/shared';

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
    user: SessionUser;
    roles: Role[];
  };
}
