/**
 * Two-step sign-in (decision 047): an authenticator app's six-digit code after
 * the password. Admins must have it; members may turn it on.
 */

/** The refusal codes (`ApiErrorBody.code`) the web app turns into a screen. */
export const TWO_FACTOR_CODES = {
  /** An admin without an authenticator: the admin area sends them to set one up. */
  enrolmentRequired: 'two_factor_enrolment_required',
  /** The account has one, but this session did not pass it: sign in again with the code. */
  signInRequired: 'two_factor_sign_in_required',
} as const;

export const TWO_FACTOR_MESSAGES = {
  enrolmentRequired: 'Set up two-step sign-in before using the admin area.',
  signInRequired: 'Sign in again with your password and authenticator code to continue.',
  noTrustedDevices: 'Every sign-in asks for the code: devices are not remembered.',
} as const;

/** Granting the admin role asks the granting admin's authenticator code, typed now (decision 061). */
export const GRANT_ADMIN_CODE_MESSAGES = {
  required: 'Enter the code from your authenticator app to grant the admin role.',
  format: 'The code is the six digits your authenticator app shows.',
  wrong: 'That code is not right. Enter the code your authenticator app shows now.',
  locked: 'Too many wrong codes: your authenticator is locked for 15 minutes.',
  notEnrolled: 'Set up two-step sign-in before granting the admin role.',
} as const;

/** What a code field accepts: the app's six digits, or a recovery code (five characters, a dash, five). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;
