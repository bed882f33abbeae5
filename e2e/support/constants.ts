/** The address the e2e server lists in ADMIN_EMAILS. */
export const ADMIN_EMAIL = 'admin@calm.test';
export const PASSWORD = 'quiet-harbour-42';
/** A second ADMIN_EMAILS address, for the test of an admin who has no authenticator yet (two-factor.e2e.ts). */
export const NEW_ADMIN_EMAIL = 'new-admin@calm.test';
/** A third ADMIN_EMAILS address, for the coach who signs up and confirms in the browser (screens-agree.e2e.ts). */
export const SIGN_UP_ADMIN_EMAIL = 'coach@calm.test';
