import type { Role } from './roles';

/** What the API answers about signing in: roles, recovery links and sign-up confirmation. */

/** GET /api/me/roles, and the admin role changes: the roles the account holds. */
export type RolesDto = Role[];

/**
 * POST /api/password-reset/check: whether a recovery link can still set a password.
 * The token is looked up, not spent; a used, expired or unknown one is simply not usable.
 */
export type ResetLinkStatusDto = {
  usable: boolean;
};

/**
 * POST /api/sign-up-confirmation/password and /new-password: this browser may
 * now follow the confirmation link, which confirms and signs in (decision 046).
 */
export type SignUpConfirmationDto = {
  confirmable: true;
};
