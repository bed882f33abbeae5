/** Business constants of user-app §9 and admin-and-marketing §9. */
export const PRODUCT_NAME = 'Calm Space';
export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's own upper bound; a longer password is refused with a clear message. */
export const MAX_PASSWORD_LENGTH = 128;
export const CREDITS_BASELINE = 15;
export const FREE_TRIAL_CONVERSATIONS = 1;
export const DEFAULT_PLAN_NAME = 'Base Camp';
export const POST_VERIFICATION_REDIRECT_MS = 3000;
export const LIST_LIMIT = 5;
export const ACTIVITY_WINDOW_DAYS = 30;
export const MAX_FULL_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 255;

/** Shown when a deactivated account tries to sign in (FOUNDING-DESIGN §3). */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account has been deactivated. Please contact support if you think this is a mistake.';
