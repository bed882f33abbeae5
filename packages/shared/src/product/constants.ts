/** Business constants of docs/product.md#limits-and-messages. */
export const PRODUCT_NAME = 'Calm Space';
export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's own upper bound; a longer password is refused with a clear message. */
export const MAX_PASSWORD_LENGTH = 128;
export const CREDITS_BASELINE = 15;
export const FREE_TRIAL_CONVERSATIONS = 1;
/**
 * The free trial conversation lasts this long from its start: copying the chat
 * link again within it (the member failed to paste it the first time, say) is
 * the same conversation, not a new one. The demo keeps the same rule.
 */
export const TRIAL_CONVERSATION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PLAN_NAME = 'Base Camp';
export const POST_VERIFICATION_REDIRECT_MS = 3000;
export const LIST_LIMIT = 5;
export const ACTIVITY_WINDOW_DAYS = 30;
export const MAX_FULL_NAME_LENGTH = 100;
/**
 * The `code` of POST /api/me/trial-use's 409 refusal. Kept here, beside no zod
 * schema, because the demo adapter in the web app's start-up chunk reads it.
 */
export const TRIAL_EXPIRED_CODE = 'trial_expired';
export const MAX_EMAIL_LENGTH = 255;

/** Shown when a deactivated account tries to sign in (docs/product.md#accounts-and-signing-in). */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'This account has been deactivated. Please contact support if you think this is a mistake.';

/**
 * A sign-up confirmation link opened in a browser that did not make the
 * sign-up (decision 046): the page asks for the password chosen at sign-up,
 * or offers to choose a new one. The `code` of verify-email's 403.
 */
export const CONFIRM_WITH_PASSWORD_CODE = 'CONFIRM_WITH_PASSWORD';
export const CONFIRM_WITH_PASSWORD_MESSAGE =
  'To finish, enter the password chosen when this account was created, or choose a new one.';

/** The private beta's places (BETA_SEATS' default); the pages show the live figures (decision 038). */
export const BETA_CAPACITY = 50;

/**
 * Exit-intent offer constants (docs/product.md#exit-intent-offer). Here, not beside the survey's
 * schemas, so the landing page can watch for exit intent without loading zod.
 */
export const EXIT_INTENT = {
  /** The pointer must leave within this many pixels of the top edge (desktop). */
  topEdgePx: 10,
  /** Delay before the popup shows after the desktop trigger. */
  showDelayMs: 100,
  /** Below this width the mobile (scroll) trigger is used instead. */
  mobileBreakpointPx: 768,
  /** The visitor must have scrolled past this share of the page... */
  mobileScrollDepth: 0.25,
  /**
   * ...and then flick back up (decision 033): more than this many pixels within
   * mobileFlickWindowMs, at mobileFlickVelocity or faster, ending in the top
   * mobileNearTopShare of the page. An ordinary scroll back up to re-read is slower.
   */
  mobileScrollUpPx: 100,
  /** Pixels per millisecond: 1.5 is 1,500 px a second, a fling rather than a drag. */
  mobileFlickVelocity: 1.5,
  mobileFlickWindowMs: 150,
  mobileNearTopShare: 0.25,
  /** sessionStorage flag: shown at most once per browser session. */
  sessionFlag: 'exitIntentShown',
} as const;
